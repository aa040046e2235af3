import Foundation
import PageTraceGenerator
import PageTraceIO
import Testing

@testable import PageTraceAnalysis

/// The literals of `classify`'s JSON line (``StrokeWriter/writeJSONLine``): each member of
/// an enum's word is its key and the word's raw value, as the general writer made them.
@Suite struct StrokeWriterLineTests {
  func text(_ literal: StaticString) -> String { literal.description }

  @Test func eachWordIsItsKeyAndRawValue() {
    for kind in StrokeClassifier.Kind.allCases {
      #expect(text(StrokeWriter.jsonMember(kind)) == ",\"kind\":\"\(kind.rawValue)\"")
    }
    for target in StrokeTarget.allCases {
      #expect(text(StrokeWriter.jsonMember(target)) == ",\"target\":\"\(target.rawValue)\"")
    }
    for word in StrokeOutcome.Word.allCases {
      #expect(text(StrokeWriter.jsonMember(word)) == ",\"outcome\":\"\(word.rawValue)\"")
    }
    for axis in [StrokeClassifier.Axis.x, .y] {
      for rule in [StrokeClassifier.SwipeRule.container, .velocity] {
        #expect(
          text(StrokeWriter.jsonMembers(axis, rule))
            == ",\"axis\":\"\(axis.rawValue)\",\"swipeRule\":\"\(rule.rawValue)\"")
      }
    }
  }
}

/// `classify`'s JSON line, written into room reserved once with its shortcuts (a coordinate
/// equal to the one before it copied, counts written as integers), against the general writer
/// it replaced: the fields of ``ClassifyCommand/forEachField(of:swipeRule:target:outcome:file:_:)``,
/// each number through `JSONText.number` and each difference through `JSONText.difference`
/// (which counts its operands' decimals itself), each string through `JSONText.string`.
@Suite struct ClassifyLineDifferentialTests {
  /// The line as the general writer made it, with its line end.
  static func generalLine(
    _ stroke: StrokeClassifier.Stroke, swipeRule: StrokeClassifier.SwipeRule,
    target: StrokeTarget?, outcome: StrokeOutcome?, file: String?
  ) -> String {
    var members: [String] = []
    var keys = StrokeWriter.columns.map(\.name).makeIterator()
    StrokeWriter.forEachField(
      of: stroke, swipeRule: swipeRule, target: target, outcome: outcome, file: file
    ) { value in
      let key = "\"\(keys.next()!)\":"
      switch value {
      case .double(let n): members.append(key + JSONText.number(n))
      case .integer(let n): members.append(key + String(n))
      case .numberText(let n): members.append(key + JSONText.string(JSONText.number(n)))
      case .string(let s): members.append(key + JSONText.string(s))
      case .null: members.append(key + "null")
      case .boolean, .timestamp: Issue.record("no such column in a stroke's row")
      }
    }
    return "{" + members.joined(separator: ",") + "}\n"
  }

  struct Random {
    var generator: SplitMix64
    mutating func below(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
    mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

    /// A double of the kinds a stroke holds, or any double.
    mutating func number() -> Double {
      switch below(7) {
      case 0: return Double(generator.next() % 100_000_000_000_000_000) / 1e14
      case 1: return Double(below(1_000_000)) / pick([1, 10, 100, 1000, 8])
      case 2: return Double(below(2_000) - 1_000)
      case 3:
        return pick([0.0, -0.0, .infinity, -.infinity, .nan, 0x1p53, 1e16, 1.7e308, -1.7e308])
      case 4: return Double(bitPattern: generator.next())
      default: return Double(generator.next() % 1_000_000_000_000) / 1e9
      }
    }

    /// A second value: often the same double, or the same number of the other sign of zero.
    mutating func second(to first: Double) -> Double {
      switch below(4) {
      case 0: return first
      case 1: return first == 0 ? -first : first + Double(below(2_000)) / 1e3
      default: return number()
      }
    }

    mutating func integer() -> Int {
      switch below(4) {
      case 0: return below(10)
      case 1: return below(2_000_000) - 1_000_000
      case 2: return pick([Int.max, Int.min, 1 << 53, -(1 << 53), (1 << 53) + 1, -(1 << 53) - 1])
      default: return Int(bitPattern: UInt(generator.next()))
      }
    }

    mutating func text() -> String {
      pick(["", "s1", "a\"b\\c", "tab\there\n", "\u{1}\u{1F}", "é✓😀", "plain session name"])
    }
  }

  @Test func theLineIsTheGeneralWritersOnRandomStrokes() throws {
    let seed: UInt64 = 20_261_126
    print("ClassifyLineDifferentialTests seed \(seed)")
    var random = Random(generator: SplitMix64(seed: seed))
    let path = NSTemporaryDirectory() + "classify-line-\(getpid()).jsonl"
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    try #require(descriptor >= 0)
    defer { unlink(path) }
    var writer = TextWriter(descriptor: SystemDescriptor(rawValue: descriptor), name: path)
    var expected: [String] = []
    for _ in 0..<20_000 {
      let startX = random.number()
      let startY = random.number()
      let start = random.number()
      var stroke = StrokeClassifier.Stroke(
        session: random.below(3) == 0 ? random.text() : nil,
        id: random.below(4) == 0 ? .string(random.text()) : .number(random.number()),
        kind: random.pick(StrokeClassifier.Kind.allCases), start: start,
        end: random.second(to: start), startX: startX, startY: startY, dx: 0, dy: 0,
        velocity: random.number(), dominantAxis: random.pick([.x, .y]))
      stroke.endX = random.second(to: startX)
      stroke.endY = random.second(to: startY)
      stroke.pathLength = random.number()
      stroke.peakSpeed = random.number()
      let swipeRule = random.pick([StrokeClassifier.SwipeRule.container, .velocity])
      let target = random.below(4) == 0 ? nil : random.pick(StrokeTarget.allCases)
      let outcome =
        random.below(4) == 0
        ? nil
        : StrokeOutcome(
          word: random.pick(StrokeOutcome.Word.allCases),
          from: random.below(3) == 0 ? nil : random.integer(),
          to: random.below(3) == 0 ? nil : random.integer(), transitions: random.integer())
      let file = random.below(3) == 0 ? random.text() : nil
      StrokeWriter.writeJSONLine(
        stroke, swipeRule: swipeRule, target: target, outcome: outcome, file: file, to: &writer)
      expected.append(
        Self.generalLine(
          stroke, swipeRule: swipeRule, target: target, outcome: outcome, file: file))
    }
    try writer.flush()
    close(descriptor)
    let written = try String(contentsOfFile: path, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false).map { $0 + "\n" }
    #expect(written.count == expected.count + 1)  // and the empty piece after the last line end
    var differing = 0
    for (index, line) in expected.enumerated() where index < written.count {
      if written[index] != line {
        differing += 1
        if differing <= 3 { Issue.record("line \(index + 1): \(written[index]) against \(line)") }
      }
    }
    #expect(differing == 0, "seed \(seed)")
  }
}
