import Testing

@testable import PageTraceIO

/// The number reader against the standard library's `Double(String)`, correctly rounded by
/// contract, on about two million numbers: every one must read as the same double, bit for
/// bit, and exactly those it reads as infinite must be errors. The generator is seeded, so a
/// failure reproduces; its text is in the message.
@Suite struct NumberDifferentialTests {
  @Test func randomDecimalTexts() {
    var random = _SplitMix(seed: 1)
    var checker = _NumberChecker()
    for _ in 0..<600_000 {
      // 1 to 20 significant digits, a decimal point anywhere, an exponent or none.
      let count = 1 + random.next(below: 20)
      var digits = String(
        Character(UnicodeScalar(UInt8(ascii: "1") + UInt8(random.next(below: 9)))))
      for _ in 1..<count {
        digits.append(Character(UnicodeScalar(UInt8(48 + random.next(below: 10)))))
      }
      if random.next(below: 2) == 0 {
        let point = 1 + random.next(below: digits.count)
        if point < digits.count {
          digits.insert(".", at: digits.index(digits.startIndex, offsetBy: point))
        }
      }
      if random.next(below: 4) == 0 {
        digits =
          "0." + String(repeating: "0", count: random.next(below: 6)) + digits.filter { $0 != "." }
      }
      let text: String
      switch random.next(below: 3) {
      case 0: text = digits
      case 1: text = digits + "e" + String(random.next(below: 660) - 350)
      default:
        text = digits + (random.next(below: 2) == 0 ? "E+" : "e-") + String(random.next(below: 30))
      }
      if !checker.check(random.next(below: 2) == 0 ? "-" + text : text) { break }
    }
    #expect(checker.failures == 0)
    #expect(checker.commonCount > 100_000)
  }

  @Test func shortestFormsOfRandomDoubles() {
    var random = _SplitMix(seed: 2)
    var checker = _NumberChecker()
    for _ in 0..<600_000 {
      let value = Double(bitPattern: random.next())
      guard value.isFinite else { continue }
      // `description` is the shortest text that reads back as the value.
      if !checker.check(value.description) { break }
    }
    #expect(checker.failures == 0)
  }

  @Test func longFormsOfRandomDoubles() {
    var random = _SplitMix(seed: 3)
    var checker = _NumberChecker()
    for _ in 0..<20_000 {
      let value = Double(bitPattern: random.next() & 0x7FEF_FFFF_FFFF_FFFF)
      // The exact binary value has many more digits: cut it at 17 or 19 to 25 significant
      // digits, which must still read as the nearest double.
      let exact = _exactDecimal(of: value)
      let kept = [17, 19, 20, 21, 22, 23, 24, 25][random.next(below: 8)]
      if !checker.check(exact.cut(to: kept)) { break }
    }
    #expect(checker.failures == 0)
  }

  @Test func halfwayCasesAndTheirNeighbours() {
    var random = _SplitMix(seed: 4)
    var checker = _NumberChecker()
    for _ in 0..<30_000 {
      // The exact midpoint between a double and the next one up, at a random scale, and the
      // decimals just above and below it, which must round the other ways.
      let exponent =
        random.next(below: 2) == 0 ? random.next(below: 140) - 70 : random.next(below: 1200) - 600
      let bits =
        UInt64(max(1, min(2046, 1023 + exponent))) << 52 | random.next() & 0xF_FFFF_FFFF_FFFF
      let value = Double(bitPattern: bits)
      guard value.isFinite, value.nextUp.isFinite else { continue }
      let midpoint = _exactDecimal(ofMidpointAbove: value)
      guard checker.check(midpoint.text) else { break }
      guard checker.check(midpoint.nudged(by: 1)), checker.check(midpoint.nudged(by: -1)) else {
        break
      }
    }
    #expect(checker.failures == 0)
  }

  @Test func powersOfTenAndEdges() {
    var checker = _NumberChecker()
    for exponent in -345...310 {
      for mantissa in [
        "1", "9", "1.7976931348623157", "2.2250738585072014", "4.9406564584124654", "5",
      ] {
        _ = checker.check("\(mantissa)e\(exponent)")
      }
    }
    for base: UInt64 in [1 << 53, UInt64.max / 2, UInt64.max] {
      for offset in 0..<2_000 {
        _ = checker.check(String(base &- UInt64(offset)))
      }
    }
    for text in [
      "1.7976931348623158e308", "1.7976931348623159e308", "1e309", "2.4703282292062327e-324",
      "2.4703282292062328e-324", "0.000000000000000000000000000001", "18446744073709551616",
      "18446744073709551615.5", "9007199254740993.0000000000000001",
    ] {
      _ = checker.check(text)
    }
    #expect(checker.failures == 0)
  }

  @Test func tableEntriesAreTheLeadingBitsOfPowersOfFive() {
    // 5^q for 0 <= q <= 27 fits in 64 bits: its entry is the power shifted to the top of the
    // high word, with a zero low word.
    var power: UInt64 = 1
    for q in 0...27 {
      let index = 2 * (q - _powersOfFiveSmallestExponent)
      #expect(_powersOfFive[index] == power << power.leadingZeroBitCount, "5^\(q)")
      #expect(_powersOfFive[index + 1] == 0, "5^\(q)")
      power &*= 5
    }
    // 5^-1 is 0.2 = 0.00110011… in binary: its 128 bits are 0xCCCC…, rounded up.
    let index = 2 * (-1 - _powersOfFiveSmallestExponent)
    #expect(_powersOfFive[index] == 0xCCCC_CCCC_CCCC_CCCC)
    #expect(_powersOfFive[index + 1] == 0xCCCC_CCCC_CCCC_CCCD)
    #expect(
      _powersOfFive.count == 2 * (_powersOfFiveLargestExponent - _powersOfFiveSmallestExponent + 1))
  }
}

/// Reads texts with the trace number reader and with `Double(String)`, and counts mismatches.
struct _NumberChecker {
  var failures = 0
  /// How many texts the common-shape reader took.
  var commonCount = 0

  /// Whether they agree (at most 20 failures are recorded before giving up).
  mutating func check(_ text: String) -> Bool {
    let expected = Double(text)
    let bytes = Array(text.utf8)
    let read: Double? = bytes.withUnsafeBytes { buffer -> Double? in
      var scanner = _JSONScanner(buffer, file: "n", line: 1)
      do {
        let token = try scanner.scanNumber()
        return scanner.position == buffer.count ? token.value : nil
      } catch let error as TraceError {
        return error.expected == "a finite number" ? .infinity : nil
      } catch {
        return nil
      }
    }
    // The common-shape reader, as on a line where more follows: a value, if it takes the
    // number at all, must be the same, and it must stop where the number ends.
    let line = Array((text + #","y":1}"#).utf8)
    let common: (value: Double, end: Int)? = line.withUnsafeBytes { buffer in
      var scanner = _JSONScanner(buffer, file: "n", line: 1)
      return scanner.scanCommonNumber().map { ($0, scanner.position) }
    }
    if let common {
      commonCount += 1
      if common.end != bytes.count || common.value.bitPattern != read?.bitPattern {
        failures += 1
        Issue.record("\(text): the common-shape reader read \(common.value) up to \(common.end)")
      }
    }
    let agrees: Bool
    switch (expected, read) {
    case (let expected?, let read?) where expected.isInfinite:
      agrees = read == .infinity  // an error, as JSON numbers must be finite
    case (let expected?, let read?):
      agrees = expected.bitPattern == read.bitPattern
    default:
      agrees = false
    }
    if !agrees {
      failures += 1
      Issue.record(
        "\(text): read as \(read.map(String.init(describing:)) ?? "an error"), expected \(expected.map(String.init(describing:)) ?? "nil")"
      )
    }
    return failures < 20
  }
}

/// An exact decimal: `digits × 10^exponent`.
struct _Decimal {
  var digits: [UInt8]  // most significant first, no leading zeros
  var exponent: Int

  var text: String { String(decoding: digits.map { $0 + 48 }, as: UTF8.self) + "e\(exponent)" }

  /// The first `count` significant digits.
  func cut(to count: Int) -> String {
    guard digits.count > count else { return text }
    return _Decimal(digits: Array(digits.prefix(count)), exponent: exponent + digits.count - count)
      .text
  }

  /// The text with one more digit, `1` or `9` below the last (`+1`: just above, `-1`: just
  /// below).
  func nudged(by direction: Int) -> String {
    var lower = self
    if direction < 0 {
      // digits − 1 at the last place, then 9 below it: just under the value.
      var index = lower.digits.count - 1
      while lower.digits[index] == 0 {
        lower.digits[index] = 9
        index -= 1
      }
      lower.digits[index] -= 1
      lower.digits.append(9)
    } else {
      lower.digits.append(1)
    }
    lower.exponent -= 1
    while lower.digits.first == 0 && lower.digits.count > 1 { lower.digits.removeFirst() }
    return lower.text
  }
}

/// The exact decimal value of a finite positive double.
func _exactDecimal(of value: Double) -> _Decimal {
  _exactDecimal(
    significand: value.significandBitPattern | (value.exponentBitPattern == 0 ? 0 : 1 << 52),
    binaryExponent: max(Int(value.exponentBitPattern), 1) - 1075)
}

/// The exact decimal value halfway between a finite positive double and the next one up.
func _exactDecimal(ofMidpointAbove value: Double) -> _Decimal {
  let significand = value.significandBitPattern | (value.exponentBitPattern == 0 ? 0 : 1 << 52)
  return _exactDecimal(
    significand: 2 * significand + 1, binaryExponent: max(Int(value.exponentBitPattern), 1) - 1076)
}

/// `significand × 2^binaryExponent` in decimal, by schoolbook arithmetic on base-10^9 limbs.
func _exactDecimal(significand: UInt64, binaryExponent: Int) -> _Decimal {
  var limbs: [UInt64] = [
    significand % 1_000_000_000, significand / 1_000_000_000 % 1_000_000_000,
    significand / 1_000_000_000_000_000_000,
  ]
  func multiply(by factor: UInt64) {
    var carry: UInt64 = 0
    for index in limbs.indices {
      let product = limbs[index] * factor + carry
      limbs[index] = product % 1_000_000_000
      carry = product / 1_000_000_000
    }
    while carry > 0 {
      limbs.append(carry % 1_000_000_000)
      carry /= 1_000_000_000
    }
  }
  var exponent = 0
  // Factors below 2^31, so that a limb (below 10^9) times one fits in 64 bits.
  if binaryExponent >= 0 {
    var left = binaryExponent
    while left > 0 {
      let step = min(left, 30)
      multiply(by: 1 << UInt64(step))
      left -= step
    }
  } else {
    // × 2^-k = × 5^k / 10^k
    var left = -binaryExponent
    while left > 0 {
      let step = min(left, 13)
      var factor: UInt64 = 1
      for _ in 0..<step { factor *= 5 }
      multiply(by: factor)
      left -= step
    }
    exponent = binaryExponent
  }
  var digits: [UInt8] = []
  for limb in limbs.reversed() {
    let text = String(limb)
    let padded = digits.isEmpty ? text : String(repeating: "0", count: 9 - text.count) + text
    digits.append(contentsOf: padded.utf8.map { $0 - 48 })
  }
  while digits.first == 0 && digits.count > 1 { digits.removeFirst() }
  while digits.last == 0 && digits.count > 1 {
    digits.removeLast()
    exponent += 1
  }
  return _Decimal(digits: digits, exponent: exponent)
}
