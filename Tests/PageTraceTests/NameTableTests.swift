import PageTraceGenerator
import Testing

@testable import PageTrace

/// The name table's forgetting: ``_NameTable/release(_:)`` (ended string ids) and
/// ``_NameTable/removeLast()`` (refused sessions), against a plain dictionary as the reference.
@Suite struct NameTableTests {
  @Test func releasedNumbersAreReusedAndForgotten() {
    var table = _NameTable()
    #expect(table.number(for: "a") == 1)
    #expect(table.number(for: "b") == 2)
    table.release(1)
    #expect(table.existingNumber(for: "a") == nil)
    #expect(table.existingNumber(for: "b") == 2)
    #expect(table.number(for: "c") == 1)  // the freed number
    #expect(table.lastReusedANumber)
    #expect(table.name(1) == "c")
    #expect(table.number(for: "a") == 3)  // "a" again is a new name
    #expect(!table.lastReusedANumber)
    table.removeLast()
    #expect(table.count == 2)
    #expect(table.existingNumber(for: "a") == nil)
    #expect(table.number(for: "d") == 3)
  }

  /// Thousands of random lookups, releases and removals: every name the reference holds is
  /// found under its number, no forgotten one is, and numbers stay within the names live at
  /// once.
  @Test func randomOperationsAgreeWithADictionary() {
    let seed = UInt64.random(in: 0...UInt64.max)
    print("NameTableTests.randomOperationsAgreeWithADictionary seed \(seed)")
    var random = SplitMix64(seed: seed)
    var table = _NameTable()
    var reference: [String: Int32] = [:]
    var largestLive = 0
    for step in 0..<20_000 {
      let name = "n\(random.next() % 300)"
      switch random.next() % 4 {
      case 0, 1:
        let number = table.number(for: name)
        if let known = reference[name] {
          #expect(number == known, "seed \(seed) step \(step)")
        } else {
          #expect(!reference.values.contains(number), "seed \(seed) step \(step)")
          reference[name] = number
        }
      case 2:
        if let number = reference[name] {
          table.release(number)
          reference[name] = nil
        }
      default:
        let last = Int32(table.count)
        if let name = reference.first(where: { $0.value == last })?.key { reference[name] = nil }
        table.removeLast()
      }
      largestLive = max(largestLive, reference.count)
      if step % 500 == 0 {
        for (name, number) in reference {
          #expect(table.existingNumber(for: name) == number, "seed \(seed) step \(step)")
          #expect(table.name(number) == name)
        }
      }
    }
    #expect(table.count <= largestLive + 1, "seed \(seed)")
    for index in 0..<300 where reference["n\(index)"] == nil {
      #expect(table.existingNumber(for: "n\(index)") == nil, "seed \(seed)")
    }
  }
}
