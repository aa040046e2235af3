import PageTrace
import PageTraceGenerator
import Testing

@testable import PageTraceIO

/// The common-shape shortcut of ``TraceDecoder`` against the full decoder: whatever line the
/// shortcut accepts, it must decode exactly as the full decoder does, and whatever it hands
/// back must leave the decoder as it was.
@Suite struct CommonEventTests {
  @Test func packedWordsAreTheirText() {
    let words: [(UInt64, String)] = [
      (_PackedWord.t, #"t""#), (_PackedWord.x, #"x""#), (_PackedWord.y, #"y""#),
      (_PackedWord.id, #"id""#), (_PackedWord.touch, #"touch""#),
      (_PackedWord.session, #"session""#), (_PackedWord.pointer, #"pointer""#),
      (_PackedWord.move, #"move""#), (_PackedWord.down, #"down""#), (_PackedWord.up, #"up""#),
      (_PackedWord.cancel, #"cancel""#),
    ]
    for (packed, text) in words {
      let bytes = Array(text.utf8)
      let value = bytes.enumerated().reduce(UInt64(0)) {
        $0 | UInt64($1.element) << (8 * $1.offset)
      }
      #expect(packed == value, "\(text)")
    }
  }

  @Test func usualTextIsItsText() {
    let words: [(UInt64, String)] = [
      (_UsualText.openingT, #"{"t":"#), (_UsualText.touch, #","touch""#),
      (_UsualText.colonQuote, #":""#), (_UsualText.sessio, #","sessio"#),
      (_UsualText.nColonQuote, #"n":""#), (_UsualText.id, #","id":"#),
      (_UsualText.x, #","x":"#), (_UsualText.y, #","y":"#),
    ]
    for (packed, text) in words {
      let bytes = Array(text.utf8)
      let value = bytes.enumerated().reduce(UInt64(0)) {
        $0 | UInt64($1.element) << (8 * $1.offset)
      }
      #expect(packed == value, "\(text)")
    }
  }

  @Test func usualLinesTakeTheUsualPath() {
    let lines = [
      #"{"t":0,"touch":"up","id":0,"x":0,"y":0}"#,
      #"{"t":0.5,"touch":"down","id":1,"x":187,"y":795}"#,
      #"{"t":0.009208324689276038,"touch":"move","id":1,"x":141.34820750802785,"y":792.4630776896095}"#,
      #"{"t":12.5,"touch":"cancel","id":-3,"x":-0,"y":-1.25}"#,
      #"{"t":1,"touch":"move","session":"s0","id":12,"x":1.5,"y":2}"#,
      #"{"t":1,"touch":"move","session":"","id":"finger","x":1.5,"y":2}"#,
      #"{"t":1,"touch":"up","id":"f","x":1234567.123456789012,"y":0.0000000000000000000001}"#,
    ]
    for line in lines {
      let outcome = Self.compare(line, primed: Self.primed(), usualOnly: true)
      #expect(outcome == .shortcut, "\(line)")
    }
    let others = [
      #"{"t":1,"touch":"move","id":1,"x":1,"y":2} "#,
      #" {"t":1,"touch":"move","id":1,"x":1,"y":2}"#,
      #"{"t":1,"touch":"move","id":1,"y":2,"x":1}"#,
      #"{"t":1e0,"touch":"move","id":1,"x":1,"y":2}"#,
      #"{"t":1,"touch":"move","id":1,"x":1,"y":2,"session":"s"}"#,
      #"{"t":1,"touch":"move","id":1.5e1,"x":1,"y":2}"#,
      #"{"t":1,"pointer":"move","id":1,"x":1,"y":2}"#,
      #"{"t":1,"touch":"move","id":1,"x":1,"y":2}}"#, #"{"t":1,"touch":"move","id":1,"x":1,"y":2"#,
      #"{"t":1,"touch":"move","id":1,"x":01,"y":2}"#,
      #"{"t":1,"touch":"move","id":"a\"b","x":1,"y":2}"#,
      #"{"t":1,"touch":"move","id":1,"x":1,"y":2.}"#,
      #"{"t":1,"touch":"hover","id":1,"x":1,"y":2}"#,
    ]
    for line in others {
      let outcome = Self.compare(line, primed: Self.primed(), usualOnly: true)
      #expect(outcome == .fullWay, "\(line)")
    }
  }

  /// Random lines in the usual key order, clean or with a byte changed, cut or lengthened.
  @Test func usualPathAgreesWithTheFullDecoderOnRandomLines() {
    var random = SplitMix64(seed: 0x05A1)
    print("usualPathAgreesWithTheFullDecoderOnRandomLines: seed 0x05A1")
    var shortcut = 0
    var fullWay = 0
    var decoder = Self.primed()
    let noise = Array(#"0123456789.-+eE,:{}" \a"#.utf8) + [0x7F, 0xC3, 0x01]
    for _ in 0..<60_000 {
      func pick(_ values: [String]) -> String { values[random.next(below: values.count)] }
      var keys = ["t", "touch", "id", "x", "y"]
      if random.next(below: 3) == 0 { keys.insert("session", at: 2) }
      let members = keys.map { key -> String in
        let value: String
        switch key {
        case "touch":
          value = random.next(below: 4) == 0 ? pick(Self.phases) : pick(Array(Self.phases[..<4]))
        case "session": value = pick(Self.strings)
        case "id":
          value =
            random.next(below: 3) == 0
            ? pick(Self.strings)
            : random.next(below: 2) == 0 ? "\(random.next(below: 10))" : pick(Self.numbers)
        default:
          if random.next(below: 8) == 0 {
            value = pick(Self.numbers)
          } else {
            // The common shape: up to 7 digits, a point and up to 18 more (19 and more
            // significant digits are the scanner's).
            let digits = (0..<(1 + random.next(below: 24))).map { _ in
              String(random.next(below: 10))
            }
            let point = 1 + random.next(below: min(7, digits.count))
            value =
              (random.next(below: 4) == 0 ? "-" : "") + digits[..<point].joined()
              + (point < digits.count ? "." + digits[point...].joined() : "")
          }
        }
        return "\"\(key)\":\(value)"
      }
      var bytes = Array(("{" + members.joined(separator: ",") + "}").utf8)
      switch random.next(below: 6) {
      case 0: bytes[random.next(below: bytes.count)] = noise[random.next(below: noise.count)]
      case 1: bytes.removeLast(random.next(below: bytes.count + 1))
      case 2:
        bytes.insert(
          noise[random.next(below: noise.count)], at: random.next(below: bytes.count + 1))
      default: break
      }
      let line = String(decoding: bytes, as: UTF8.self)
      switch Self.compare(line, primed: decoder, usualOnly: true) {
      case .shortcut: shortcut += 1
      case .fullWay: fullWay += 1
      case .mismatch(let what):
        Issue.record("\(line): \(what)")
        return
      }
      var event = EngineEvent(time: 0, .focus(false))
      _ = Self.withBytes(line) { try? decoder._decodeInFull($0, lineNumber: 2, into: &event) }
    }
    #expect(shortcut > 5_000, "\(shortcut) lines took the usual path")
    #expect(fullWay > 15_000, "\(fullWay) lines went the full way")
  }

  @Test func typicalLinesTakeTheShortcut() throws {
    let lines = [
      #"{"t":0.5,"touch":"down","id":1,"x":187,"y":795}"#,
      #"{"t":0.6,"touch":"move","id":"finger","x":-1.5e2,"y":795.25,"session":"s"}"#,
      #"{ "session" : "s" , "t" : 1 , "touch" : "up" , "id" : 1 , "x" : 2 , "y" : 3 }"#,
      #"{"t":2,"touch":"cancel","id":4}"#,
      #"{"t":3,"pointer":"hover","x":1,"y":2}"#,
      #"{"y":3,"x":2,"id":1,"touch":"move","t":0.009208324689276038}"#,
    ]
    for line in lines {
      let outcome = Self.compare(line, primed: Self.primed())
      #expect(outcome == .shortcut, "\(line)")
    }
  }

  @Test func rareLinesGoTheFullWay() throws {
    let lines = [
      #"{"t":1,"key":"right"}"#, #"{"t":1,"touch":"move","id":1,"x":1,"y":2,"z":0}"#,
      #"{"t":1,"touch":"mo\u0076e","id":1,"x":1,"y":2}"#,
      #"{"t":1,"touch":"move","id":"café","x":1,"y":2}"#,
      #"{"t":1,"touch":"move","id":1,"x":1,"y":2,"t":3}"#,
      #"{"t":1,"touch":"move","pointer":"move","id":1,"x":1,"y":2}"#,
      #"{"t":1,"touch":"move","id":1,"x":1}"#, #"{"touch":"move","id":1,"x":1,"y":2}"#,
      #"{"t":1,"touch":"move","id":1,"x":"1","y":2}"#,
      #"{"t":1,"touch":"move","id":1,"x":1,"y":2}x"#,
      #"{"t":01,"touch":"move","id":1,"x":1,"y":2}"#, "", "   ", "{}",
    ]
    for line in lines {
      let outcome = Self.compare(line, primed: Self.primed())
      #expect(outcome == .fullWay, "\(line)")
    }
  }

  /// Random lines near the common shape: keys in any order, dropped, repeated or unknown;
  /// values of every type, good and bad; whitespace; lines cut anywhere.
  @Test func agreesWithTheFullDecoderOnRandomLines() {
    var random = SplitMix64(seed: 0x5EED)
    var shortcut = 0
    var fullWay = 0
    var decoder = Self.primed()
    for _ in 0..<60_000 {
      var line = Self.randomLine(&random)
      if random.next(below: 8) == 0 {
        line = String(
          decoding: line.utf8.prefix(random.next(below: line.utf8.count + 1)), as: UTF8.self)
      }
      switch Self.compare(line, primed: decoder) {
      case .shortcut: shortcut += 1
      case .fullWay: fullWay += 1
      case .mismatch(let what):
        Issue.record("\(line): \(what)")
        return
      }
      // Go on from the full decoder's state, so names accumulate as in a real input.
      var event = EngineEvent(time: 0, .focus(false))
      _ = Self.withBytes(line) { try? decoder._decodeInFull($0, lineNumber: 2, into: &event) }
    }
    // Both ways must be well exercised for the comparison to mean anything.
    #expect(shortcut > 5_000)
    #expect(fullWay > 10_000)
  }

  // MARK: Support

  enum Outcome: Equatable {
    case shortcut
    case fullWay
    case mismatch(String)
  }

  /// A decoder past its first line, as the shortcut is used only then.
  static func primed() -> TraceDecoder {
    var decoder = TraceDecoder(file: "t.jsonl")
    var event = EngineEvent(time: 0, .focus(false))
    _ = withBytes(#"{"t":0,"key":"tab"}"#) { try? decoder.decode($0, lineNumber: 1, into: &event) }
    return decoder
  }

  static func withBytes<R>(_ line: String, _ body: (UnsafeRawBufferPointer) -> R) -> R {
    // A copy of exactly the line's bytes, so that any read past its end is caught by the
    // address sanitizer in CI.
    let bytes = Array(line.utf8)
    return bytes.withUnsafeBytes { body($0) }
  }

  /// Decodes `line` by the shortcut (with `usualOnly`, only that of the usual key order) and
  /// in full, and compares.
  static func compare(_ line: String, primed: TraceDecoder, usualOnly: Bool = false) -> Outcome {
    var fast = primed
    var full = primed
    let sentinel = EngineEvent(time: -7, session: SessionID(99), .key(.end))
    var fastEvent = sentinel
    var fullEvent = sentinel
    let tookShortcut = withBytes(line) {
      usualOnly
        ? fast._decodeUsualEvent($0, into: &fastEvent)
        : fast._decodeCommonEvent($0, into: &fastEvent)
    }
    guard tookShortcut else {
      if fastEvent != sentinel { return .mismatch("the event changed on the way back") }
      if fast.sessionNames.names != primed.sessionNames.names
        || fast.touchNames.names != primed.touchNames.names
      {
        return .mismatch("names were numbered on the way back")
      }
      return .fullWay
    }
    let kind = withBytes(line) { try? full._decodeInFull($0, lineNumber: 2, into: &fullEvent) }
    guard kind == .event else {
      return .mismatch("the full decoder says \(String(describing: kind))")
    }
    if fastEvent != fullEvent || fastEvent.time.bitPattern != fullEvent.time.bitPattern {
      return .mismatch("\(fastEvent) != \(fullEvent)")
    }
    if fast.valueOffsets != full.valueOffsets { return .mismatch("value offsets differ") }
    if fast.sessionNames.names != full.sessionNames.names
      || fast.touchNames.names != full.touchNames.names
    {
      return .mismatch("names differ")
    }
    return .shortcut
  }

  static let numbers = [
    "0", "-0", "1", "12", "795.5", "-1.5e2", "139.99516351633693", "0.009208324689276038", "1e3",
    "1E-2", "2.5e+1", "3.0", "123456789012345678901234567890", "1e-400",
  ]
  static let badNumbers = ["01", "1.", "-", ".5", "1e", "1e400", "NaN", "-Infinity", "1x", "+1"]
  static let strings = [
    #""a""#, #""finger""#, #""s1""#, #""é""#, #""a\"b""#, #""\u0041""#, #""""#, #""a"#, "\"\u{1}\"",
  ]
  static let phases = [
    #""down""#, #""move""#, #""up""#, #""cancel""#, #""hover""#, #""down""#, #""move""#, #""up""#,
    #""cancel""#, #""hover""#, #""movee""#, #""mov""#, #""DOWN""#, #""mo\u0076e""#, #""tab""#,
  ]
  static let others = ["true", "null", "[1,2]", #"{"a":1}"#, "[", "nul", "{"]
  static let spaces = ["", "", "", "", " ", "\t", "  ", "\r"]

  static func randomLine(_ random: inout SplitMix64) -> String {
    func pick(_ values: [String]) -> String { values[random.next(below: values.count)] }
    // Half the lines are clean; in the others, a value in four is of another type or bad.
    let corrupts = random.next(below: 2) == 0
    func value(for key: String) -> String {
      if corrupts && random.next(below: 4) == 0 {
        switch random.next(below: 4) {
        case 0: return pick(strings)
        case 1: return pick(others)
        case 2: return pick(badNumbers)
        default: return pick(numbers)
        }
      }
      switch key {
      case "touch", "pointer": return pick(phases)
      case "session": return pick(strings)
      case "id": return random.next(below: 2) == 0 ? pick(strings) : pick(numbers)
      default: return pick(numbers)
      }
    }
    var keys = ["t", random.next(below: 5) == 0 ? "pointer" : "touch", "id", "x", "y"]
    if random.next(below: 3) == 0 { keys.append("session") }
    if random.next(below: 10) == 0 {
      keys.append(pick(["z", "key", "set", "touch", "t", "ses", "i\\u0064"]))
    }
    if random.next(below: 10) == 0 { keys.remove(at: random.next(below: keys.count)) }
    keys.shuffle(using: &random)
    let members = keys.map { key in
      pick(spaces) + "\"\(key)\"" + pick(spaces) + ":" + pick(spaces) + value(for: key)
        + pick(spaces)
    }
    var line = pick(spaces) + "{" + members.joined(separator: ",") + "}" + pick(spaces)
    if random.next(below: 40) == 0 { line += pick(["x", "}", ","]) }
    return line
  }
}
