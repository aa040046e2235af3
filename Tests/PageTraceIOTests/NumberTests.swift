import PageTrace
import PageTraceGenerator
import Testing

@testable import PageTraceIO
@testable import _PageTraceNumbers

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct NumberTests {
  @Test(arguments: [
    ("0.1", 0.1), ("1e22", 1e22), ("1e23", 1e23), ("0", 0), ("1E+2", 100), ("1e-2", 0.01),
    ("2.2250738585072014e-308", 2.2250738585072014e-308),
    ("1.7976931348623157e308", 1.7976931348623157e308),
    ("1.7976931348623158e308", 1.7976931348623157e308),
    ("4.9406564584124654e-324", Double.leastNonzeroMagnitude),
    ("9007199254740993", 9007199254740992), ("9007199254740995", 9007199254740996),
    ("123456789012345678901234567890", 1.2345678901234568e29),
    ("0.000001", 1e-6), ("1.5E-3", 0.0015), ("-2.5e+3", -2500), ("1e-400", 0),
    ("123e30", 1.23e32), ("0.30000000000000004", 0.30000000000000004),
    ("1.00000000000000011102230246251565404236316680908203125", 1),
    ("1.00000000000000011102230246251565404236316680908203126", 1.0000000000000002),
    ("100000000000000000000000", 1e23), ("3.0", 3), ("30e-1", 3),
  ])
  func exactValues(text: String, expected: Double) throws {
    let value = try time(text)
    #expect(value.bitPattern == expected.bitPattern, "\(text) read as \(value)")
  }

  @Test func smallestSubnormal() throws {
    // The literal 5e-324 warns in Swift source, so compare with the constant instead.
    #expect(try time("5e-324") == Double.leastNonzeroMagnitude)
    #expect(try time("-5e-324") == -Double.leastNonzeroMagnitude)
  }

  @Test func negativeZeroKeepsItsSign() throws {
    let value = try time("-0")
    #expect(value == 0 && value.sign == .minus)
    #expect(try time("-0.0e5").sign == .minus)
  }

  @Test func agreesWithTheStandardLibraryOnManyRandomNumbers() throws {
    var (generator, seed) = seededGenerator(for: "agreesWithTheStandardLibraryOnManyRandomNumbers")
    let digits = Array("0123456789")
    for _ in 0..<5000 {
      let count = Int.random(in: 1...22, using: &generator)
      var mantissa = String(digits[Int.random(in: 1...9, using: &generator)])
      for _ in 1..<count { mantissa.append(digits.randomElement(using: &generator)!) }
      if Bool.random(using: &generator) {
        let point = Int.random(in: 1...mantissa.count, using: &generator)
        if point < mantissa.count {
          mantissa.insert(".", at: mantissa.index(mantissa.startIndex, offsetBy: point))
        }
      }
      let exponent = Int.random(in: -340...300, using: &generator)
      let text = Bool.random(using: &generator) ? "\(mantissa)e\(exponent)" : mantissa
      let expected = Double(text)!
      guard expected.isFinite else { continue }
      #expect(try time(text).bitPattern == expected.bitPattern, "\(text) (seed \(seed))")
    }
  }

  @Test(arguments: ["1e999", "-1e999", "1.7976931348623159e308", "1e400"])
  func overflowIsAnError(text: String) {
    let error = decodingError("{\"t\":\(text),\"key\":\"tab\"}")
    #expect(error?.expected == "a finite number")
    #expect(error?.found == text)
    #expect(error?.column == 6)
  }

  @Test(arguments: [
    ("NaN", "a number for \"t\""), ("Infinity", "a number for \"t\""),
    ("-Infinity", "a finite number"), ("01", "a number without leading zeros"),
    ("1.", "a digit after the decimal point"), (".5", "a number for \"t\""),
    ("1e", "a digit in the exponent"), ("+1", "a number for \"t\""), ("0x1F", "a number"),
    ("1.5.2", "a number"), ("-", "a number"),
  ])
  func malformedNumbers(text: String, expected: String) {
    let error = decodingError("{\"t\":\(text),\"key\":\"tab\"}")
    #expect(error?.expected == expected)
    #expect(error?.found == text)
    #expect(error?.column == 6)
  }

  @Test func nonFiniteTokensAreErrorsAnywhereOnTheLine() {
    for value in ["NaN", "Infinity", "-Infinity", "[1,NaN]", "{\"a\":{\"b\":1e999}}"] {
      let error = decodingError("{\"t\":1,\"key\":\"tab\",\"extra\":\(value)}")
      #expect(error?.expected == "a finite number", "\(value)")
    }
  }

  @Test func integersMustBeExact() throws {
    func current(_ text: String) throws(TraceError) -> Int? {
      guard case .set(let change) = try event("{\"t\":0,\"set\":{\"current\":\(text)}}")!.action
      else { return nil }
      return change.current
    }
    #expect(try current("3") == 3)
    #expect(try current("3.0") == 3)
    #expect(try current("0.3e1") == 3)
    #expect(try current("-2") == -2)
    #expect(try current("1e2") == 100)
    #expect(try current("9007199254740992") == 9_007_199_254_740_992)
    #expect(try current("-9007199254740992") == -9_007_199_254_740_992)
    let fraction = decodingError("{\"t\":0,\"set\":{\"current\":1.5}}")
    #expect(fraction?.expected == "an integer for \"set.current\"")
    #expect(fraction?.found == "1.5")
    #expect(fraction?.column == 25)
    for text in ["9007199254740993", "1e300", "-9007199254740993", "123456789012345678901234"] {
      let error = decodingError("{\"t\":0,\"set\":{\"current\":\(text)}}")
      #expect(error?.expected.hasPrefix("an integer from -2^53 to 2^53") == true, "\(text)")
    }
    let tooPrecise = decodingError("{\"t\":0,\"set\":{\"pages\":1.00000000000000000001}}")
    #expect(tooPrecise?.expected == "an integer >= 0 for \"set.pages\"")
    let negative = decodingError("{\"t\":0,\"set\":{\"pages\":-1}}")
    #expect(negative?.expected == "an integer >= 0 for \"set.pages\"")
  }

  @Test func clingerFastPathMatchesStrtod() {
    for significand: UInt64 in [1, 3, 7, 123_456_789, 9_007_199_254_740_991, 1 << 53] {
      for exponent in -22...37 {
        guard let fast = DecimalToDouble.clingerFastPath(significand, exponent) else { continue }
        let expected = Double("\(significand)e\(exponent)")!
        #expect(fast.bitPattern == expected.bitPattern, "\(significand)e\(exponent)")
      }
    }
    #expect(DecimalToDouble.clingerFastPath((1 << 53) + 1, 0) == nil)
    #expect(DecimalToDouble.clingerFastPath(1, 23) == 1e23)
    #expect(DecimalToDouble.clingerFastPath(1 << 53, 23) == nil)
  }
}

// MARK: - Differential tests against the standard library

/// Every number text here is read by the scanner and by `Double(String)` (the standard
/// library's correctly rounded `strtod`): the doubles must be bit-identical, a text that
/// overflows must be the error "a finite number", and the token's other fields must be those
/// of ``referenceFields(_:)``. The generators are seeded: a failure names its text and
/// reproduces.
extension NumberTests {
  @Test func randomSignificandsPointsAndExponents() {
    var random = NumberTestRandom(seed: 1)
    let checker = NumberChecker(random: NumberTestRandom(seed: 101))
    let marks = ["e", "E", "e+", "e-", "E-"].map { Array($0.utf8) }
    var text: [UInt8] = []
    for _ in 0..<600_000 {
      text.removeAll(keepingCapacity: true)
      if random.bool(1, in: 4) { text.append(_ASCII.minus) }
      let count = random.int(1, 20)
      let point = random.int(0, count)
      if point == 0 {
        text += [_ASCII.zero, _ASCII.dot]
        appendZeros(count: random.int(0, 3) * random.int(0, 6), to: &text)
        random.appendDigits(count: count, to: &text)
      } else {
        random.appendDigits(count: point, to: &text)
        if point < count {
          text.append(_ASCII.dot)
          random.appendDigits(count: count - point, leadingZeros: true, to: &text)
        }
      }
      if random.bool(2, in: 3) {
        text += marks[random.int(0, 4)]
        text += String(random.int(0, 360)).utf8
      }
      checker.check(text)
    }
    checker.expectNoFailures()
  }

  @Test func commonShapeOfTraces() {
    // `-?\d{1,7}\.\d{1,17}` and integers, the shapes read eight bytes at a time.
    var random = NumberTestRandom(seed: 2)
    let checker = NumberChecker(random: NumberTestRandom(seed: 102))
    var text: [UInt8] = []
    for _ in 0..<300_000 {
      text.removeAll(keepingCapacity: true)
      if random.bool(1, in: 4) { text.append(_ASCII.minus) }
      if random.bool(1, in: 5) {
        text.append(_ASCII.zero)
      } else {
        random.appendDigits(count: random.int(1, 7), to: &text)
      }
      if random.bool(5, in: 6) {
        text.append(_ASCII.dot)
        random.appendDigits(count: random.int(1, 17), leadingZeros: true, to: &text)
        if random.bool(1, in: 8) {
          appendZeros(count: random.int(1, 4), to: &text)
        }
      }
      checker.check(text)
    }
    checker.expectNoFailures()
    // Most of these texts are the common shape: the line decoder's reading was exercised.
    #expect(checker.commonTaken > 200_000)
  }

  @Test(arguments: [0, 1, 2])
  func randomDoublesPrinted(format: Int) {
    // 0: the shortest text that reads back (`description`); 1: 17 significant digits; 2: 19 to
    // 25 significant digits.
    var random = NumberTestRandom(seed: 3 + UInt64(format))
    let checker = NumberChecker(random: NumberTestRandom(seed: 103 + UInt64(format)))
    var count = 0
    while count < (format == 0 ? 300_000 : 200_000) {
      let value = Double(bitPattern: random.next())
      guard value.isFinite else { continue }
      count += 1
      switch format {
      case 0: checker.check(Array(value.description.utf8))
      case 1: checker.check(printed(value, significantDigits: 17))
      default: checker.check(printed(value, significantDigits: random.int(19, 25)))
      }
    }
    checker.expectNoFailures()
  }

  @Test func subnormals() {
    var random = NumberTestRandom(seed: 6)
    let checker = NumberChecker(random: NumberTestRandom(seed: 106))
    for index in 0..<60_000 {
      let value = Double(bitPattern: random.next() & 0x800F_FFFF_FFFF_FFFF)
      switch index % 3 {
      case 0: checker.check(Array(value.description.utf8))
      case 1: checker.check(printed(value, significantDigits: 17))
      default: checker.check(printed(value, significantDigits: random.int(1, 30)))
      }
    }
    checker.expectNoFailures()
  }

  @Test func nearTheGreatestDoubleAndOverflow() {
    var random = NumberTestRandom(seed: 7)
    let checker = NumberChecker(random: NumberTestRandom(seed: 107))
    for text in [
      "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308",
      "1.797693134862315708145274237317043567980e308",  // the greatest double, exactly
      "1.797693134862315807937289714053034150799e308",  // halfway to 2^1024: infinity
      "1.797693134862315807937289714053034150798e308",  // just below: the greatest double
      "179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368",
      "17976931348623158e292", "0.17976931348623158e309", "1e308", "1e309", "-1e309", "9e308",
    ] {
      checker.check(Array(text.utf8))
    }
    for _ in 0..<20_000 {
      // The top binade, printed with 15 to 25 significant digits, and just beyond.
      let value = Double(bitPattern: 0x7FE0_0000_0000_0000 | random.next() & 0x000F_FFFF_FFFF_FFFF)
      checker.check(printed(value, significantDigits: random.int(15, 25)))
      var text = Array("1.797693134862315".utf8)
      text.append(contentsOf: random.digits(count: random.int(1, 25), leadingZeros: true))
      text.append(contentsOf: Array("e\(random.int(307, 310))".utf8))
      checker.check(text)
    }
    checker.expectNoFailures()
  }

  @Test func powersOfTen() {
    let checker = NumberChecker(random: NumberTestRandom(seed: 108))
    for exponent in -345...312 {
      for text in [
        "1e\(exponent)", "1E\(exponent)", "1.0e\(exponent)", "10e\(exponent - 1)",
        "0.1e\(exponent + 1)", "-1e\(exponent)", "1000e\(exponent - 3)",
      ] {
        checker.check(Array(text.utf8))
      }
      if exponent < 0 && exponent > -25 {
        checker.check(Array(("0." + String(repeating: "0", count: -exponent - 1) + "1").utf8))
      } else if exponent >= 0 && exponent < 30 {
        checker.check(Array(("1" + String(repeating: "0", count: exponent)).utf8))
        checker.check(Array(("1" + String(repeating: "0", count: exponent) + ".0").utf8))
      }
    }
    checker.expectNoFailures()
  }

  @Test func integersNear2To53And2To64() {
    let checker = NumberChecker(random: NumberTestRandom(seed: 109))
    for center in [UInt64(1) << 53, UInt64.max] {
      for offset in 0..<5_000 as Range<UInt64> {
        for value in [center - offset, center &+ offset] where value >= center - offset {
          let digits = String(value)
          for text in [digits, digits + ".0", digits + "e0", "-" + digits, digits + ".000"] {
            checker.check(Array(text.utf8))
          }
        }
      }
      // 2^64 and beyond, as decimal text.
      for text in ["18446744073709551616", "18446744073709551617", "18446744073709551615.5"] {
        checker.check(Array(text.utf8))
      }
    }
    checker.expectNoFailures()
  }

  @Test func halfwayCasesWithFewDigits() {
    // Exactly halfway between two doubles with at most 19 digits: 10^-4 ... 10^23 only.
    var random = NumberTestRandom(seed: 10)
    let checker = NumberChecker(random: NumberTestRandom(seed: 110))
    for _ in 0..<20_000 {
      // An odd multiple of half an ulp: (2k + 1) × 2^j, 2k + 1 in 2^53 ..< 2^54.
      let odd = (UInt64(1) << 53) | random.next() & ((1 << 53) - 1) | 1
      // Integers: j >= 0 while below 10^19.
      let shift = random.int(0, 10)
      if odd.leadingZeroBitCount > shift, case let value = odd << shift,
        value < 10_000_000_000_000_000_000
      {
        checker.checkWithNeighbours(significand: value, exponent: 0)
      }
      // Fractions: j = -1 ... -4, with the significand (2k + 1) × 5^-j below 10^19.
      let places = random.int(1, 4)
      let (scaled, overflow) = odd.multipliedReportingOverflow(
        by: _powersOfTenInteger[places] >> places)
      if !overflow && scaled < 10_000_000_000_000_000_000 {
        checker.checkWithNeighbours(significand: scaled, exponent: -places)
      }
      // Positive powers of ten: 2k + 1 = 5^q × t, significand t × 2^i.
      let power = random.int(1, 23)
      var fives: UInt64 = 1
      for _ in 0..<power { fives *= 5 }
      let low = ((UInt64(1) << 53) + fives - 1) / fives
      let high = ((UInt64(1) << 54) - 1) / fives
      if low <= high {
        let factor = (low + random.next() % (high - low + 1)) | 1
        if factor <= high {
          let extra = random.int(0, 3)
          if factor.leadingZeroBitCount > extra, case let value = factor << extra,
            value < 10_000_000_000_000_000_000
          {
            checker.checkWithNeighbours(significand: value, exponent: power)
          }
        }
      }
    }
    checker.expectNoFailures()
  }

  @Test func halfwayCasesPrintedExactly() {
    // The exact decimal text of the midpoint between a double and the next, of any size, and
    // one unit of its last digit on either side.
    var random = NumberTestRandom(seed: 11)
    let checker = NumberChecker(random: NumberTestRandom(seed: 111))
    for index in 0..<3_000 {
      var bits = random.next() & 0x7FFF_FFFF_FFFF_FFFF
      if index % 3 == 0 { bits &= 0x43FF_FFFF_FFFF_FFFF }  // more moderate exponents
      if index == 0 { bits = Double.greatestFiniteMagnitude.bitPattern }
      if index == 1 { bits = 0 }
      guard Double(bitPattern: bits).isFinite else { continue }
      let field = Int(bits >> 52)
      let mantissa = field == 0 ? bits & 0xF_FFFF_FFFF_FFFF : bits & 0xF_FFFF_FFFF_FFFF | 1 << 52
      let exponent = (field == 0 ? 1 : field) - 1075 - 1  // of 2 × mantissa + 1
      var midpoint = BaseBillion(2 * mantissa + 1)
      // By 5^13 or 2^31 at a time, then the rest.
      let (base, step): (UInt32, Int) = exponent < 0 ? (5, 13) : (2, 31)
      var power: UInt32 = 1
      for _ in 0..<step { power *= base }
      for _ in 0..<abs(exponent) / step { midpoint.multiply(by: power) }
      for _ in 0..<abs(exponent) % step { midpoint.multiply(by: base) }
      let scale = exponent < 0 ? "e\(exponent)" : ""
      for offset in [0, 1, -1] {
        var neighbour = midpoint
        neighbour.add(offset)
        checker.check(neighbour.text + Array(scale.utf8))
      }
    }
    checker.expectNoFailures()
  }

  @Test func eiselLemireAgainstTheStandardLibraryForEveryPowerOfTen() {
    var random = NumberTestRandom(seed: 12)
    var failures: [String] = []
    for exponent in _powersOfFiveRange {
      for index in 0..<300 {
        var significand = random.next() >> UInt64(random.int(0, 63)) | 1
        if index < 20 { significand = UInt64(index + 1) }
        if index >= 20 && index < 40 { significand = UInt64.max - UInt64(index) }
        let expected = Double("\(significand)e\(exponent)")!
        let value = DecimalToDouble.eiselLemire(significand, exponent)
        if value?.bitPattern != expected.bitPattern && failures.count < 10 {
          let read = value.map { "\($0)" } ?? "nil"
          failures.append("\(significand)e\(exponent): \(read), not \(expected)")
        }
        // The common shape's variant, where it applies.
        if exponent >= -22 && exponent <= -5 && significand > 1 << 53
          && significand < 10_000_000_000_000_000_000,
          DecimalToDouble.eiselLemireNormal(significand, exponent, tables: .shared).bitPattern
            != expected.bitPattern,
          failures.count < 10
        {
          failures.append("normal \(significand)e\(exponent), not \(expected)")
        }
      }
    }
    #expect(failures.isEmpty, "\(failures)")
  }
}

// MARK: - The table of powers of five

extension NumberTests {
  @Test func everyEntryIsFiveToTheQNormalisedTo128Bits() {
    #expect(_powersOfFive.count == _powersOfFiveRange.count)
    var failures: [Int] = []
    var power = BinaryBig(1)  // 5^|q|, for q = 0, 1, 2... and then -1, -2...
    var powers: [BinaryBig] = []
    for _ in 0...(-_powersOfFiveRange.lowerBound) {
      powers.append(power)
      power.multiply(by: 5)
    }
    for q in _powersOfFiveRange {
      let entry = _powersOfFive[q - _powersOfFiveRange.lowerBound]
      let table = BinaryBig(high: entry.high, low: entry.low)
      let five = powers[abs(q)]
      // floor(q × log2(5)), checked against 5^|q| itself.
      let floorLog2 = DecimalToDouble.floorLog2(powerOfTen: q) - q
      let exact =
        q >= 0
        ? BinaryBig.power(of2: floorLog2) <= five && five < BinaryBig.power(of2: floorLog2 + 1)
        : BinaryBig.power(of2: -floorLog2 - 1) < five && five < BinaryBig.power(of2: -floorLog2)
      let shift = 127 - floorLog2
      let correct: Bool
      if entry.high >> 63 != 1 {
        correct = false
      } else if q >= 0 && shift >= 0 {
        correct = table == five.shiftedLeft(shift)  // exact
      } else if q >= 0 {
        // Truncated: table × 2^-shift <= 5^q < (table + 1) × 2^-shift.
        correct =
          table.shiftedLeft(-shift) <= five
          && five < BinaryBig(high: entry.high, low: entry.low, plus: 1).shiftedLeft(-shift)
      } else {
        let scaled = BinaryBig.power(of2: shift)
        let below = BinaryBig(high: entry.high, low: entry.low, plus: -1)
        let above = BinaryBig(high: entry.high, low: entry.low, plus: 1)
        correct =
          q >= -27
          // Rounded up: (table - 1) × 5^-q < 2^shift < table × 5^-q.
          ? below.multiplied(by: five) < scaled && scaled < table.multiplied(by: five)
          // Truncated: table × 5^-q < 2^shift < (table + 1) × 5^-q.
          : table.multiplied(by: five) < scaled && scaled < above.multiplied(by: five)
      }
      if !(exact && correct) { failures.append(q) }
    }
    #expect(failures.isEmpty, "wrong entries for 5^q, q = \(failures)")
  }

  @Test func spotChecks() {
    // 5^0 = 2^127 / 2^127; 5^1 = 0xA × 2^124; 5^27 is the largest power below 2^63; 10^-1's
    // 5^-1 rounded up.
    func entry(_ q: Int) -> [UInt64] {
      let entry = _powersOfFive[q - _powersOfFiveRange.lowerBound]
      return [entry.high, entry.low]
    }
    #expect(entry(0) == [1 << 63, 0])
    #expect(entry(1) == [0xA << 60, 0])
    let power27: UInt64 = 7_450_580_596_923_828_125
    #expect(entry(27) == [power27 << 1, 0])
    #expect(entry(-1) == [0xCCCC_CCCC_CCCC_CCCC, 0xCCCC_CCCC_CCCC_CCCD])
    #expect(_powersOfFiveRange == -342...308)
  }
}

// MARK: - Helpers

/// The seeded generator of the number tests: the suite's one SplitMix64.
typealias NumberTestRandom = SplitMix64

extension SplitMix64 {
  /// An integer from `lowest` to `highest` (slightly biased, which does not matter here).
  mutating func int(_ lowest: Int, _ highest: Int) -> Int {
    lowest + Int(next() % UInt64(highest - lowest + 1))
  }

  /// `true` with a probability of `chances / outOf`.
  mutating func bool(_ chances: Int, in outOf: Int) -> Bool { int(1, outOf) <= chances }

  /// ASCII digits, the first one not `0` unless `leadingZeros`.
  mutating func digits(count: Int, leadingZeros: Bool = false) -> [UInt8] {
    var digits: [UInt8] = []
    appendDigits(count: count, leadingZeros: leadingZeros, to: &digits)
    return digits
  }

  /// Appends ASCII digits, the first one not `0` unless `leadingZeros`.
  mutating func appendDigits(count: Int, leadingZeros: Bool = false, to text: inout [UInt8]) {
    var bits = next()
    for index in 0..<count {
      if index % 16 == 15 { bits = next() }
      var digit = UInt8(truncatingIfNeeded: bits & 0xF) % 10
      bits >>= 4
      if index == 0 && !leadingZeros && digit == 0 { digit = UInt8(1 + next() % 9) }
      text.append(0x30 + digit)
    }
  }
}

/// Appends `0` digits (in a loop, which is quick in debug builds).
func appendZeros(count: Int, to text: inout [UInt8]) {
  var count = count
  while count > 0 {
    text.append(_ASCII.zero)
    count -= 1
  }
}

/// A double printed by `printf`'s `%.*e` with a number of significant digits.
func printed(_ value: Double, significantDigits: Int) -> [UInt8] {
  var text = [UInt8](repeating: 0, count: 48)
  let length = text.withUnsafeMutableBufferPointer { buffer in
    buffer.withMemoryRebound(to: CChar.self) { characters in
      withVaList([Int32(significantDigits - 1), value]) {
        vsnprintf(characters.baseAddress!, 48, "%.*e", $0)
      }
    }
  }
  text.removeLast(48 - Int(length))
  return text
}

/// Reads number texts as a trace line would hold them, compares them with `Double(String)`
/// and collects failures.
final class NumberChecker {
  /// Chooses where each text starts and what follows it.
  var random: NumberTestRandom
  /// The first failures, described.
  private(set) var failures: [String] = []
  /// How many texts ``_NumberText/commonValue(at:)`` read.
  private(set) var commonTaken = 0
  /// The line a text is read from, reused.
  private let line = UnsafeMutableRawBufferPointer.allocate(byteCount: 4_096, alignment: 8)

  init(random: NumberTestRandom) {
    self.random = random
  }

  deinit { line.deallocate() }

  /// What may follow a number: the end, a comma, a closing brace or bracket, a space, more.
  static let suffixes: [[UInt8]] = ["", ",", "}", "]", " ", ",\"y\":1}", "}\n"].map {
    Array($0.utf8)
  }

  /// Checks the text of `significand × 10^exponent` and of its neighbours one unit of the
  /// last digit away, in a few spellings.
  func checkWithNeighbours(significand: UInt64, exponent: Int) {
    for neighbour in [significand, significand - 1, significand + 1] {
      let digits = Array(String(neighbour).utf8)
      check(digits + Array("e\(exponent)".utf8))
      if exponent < 0 && -exponent < digits.count {
        let point = digits.count + exponent
        check(Array(digits[..<point]) + [_ASCII.dot] + Array(digits[point...]))
      }
    }
  }

  /// Checks one number text, at a random offset in a line and followed by a random suffix.
  func check(_ text: [UInt8]) {
    let prefix = random.int(0, 3) == 0 ? 0 : random.int(1, 9)
    let suffix = Self.suffixes[random.int(0, Self.suffixes.count - 1)]
    let base = line.baseAddress!
    base.initializeMemory(as: UInt8.self, repeating: _ASCII.space, count: prefix)
    text.withUnsafeBytes { (base + prefix).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
    suffix.withUnsafeBytes {
      (base + prefix + text.count).copyMemory(from: $0.baseAddress!, byteCount: $0.count)
    }
    let bytes = UnsafeRawBufferPointer(start: base, count: prefix + text.count + suffix.count)
    let expected = Double(String(decoding: text, as: UTF8.self))!
    var token: _NumberToken?
    var thrown: TraceError?
    var end = 0
    var scanner = _JSONScanner(bytes, file: "n", line: 1)
    scanner.position = prefix
    do throws(TraceError) {
      token = try scanner.scanNumber()
    } catch {
      thrown = error
    }
    end = scanner.position
    // The line decoder's reading of the common shape: when it takes a text, the same value.
    if bytes.count >= 8 {
      var common = DecimalText(bytes, tables: .shared).commonValue(at: prefix)
      // Without checking what follows: where the caller then finds `,` or `}` (as the usual
      // line does), the same reading.
      let followed = DecimalText(bytes, tables: .shared).commonValue(at: prefix, isFollowed: true)
      if followed.end >= 0 && followed.end < bytes.count
        && (bytes[followed.end] == _ASCII.comma || bytes[followed.end] == _ASCII.rightBrace)
        && (followed.end != common.end || followed.value.bitPattern != common.value.bitPattern)
      {
        common = (.nan, -2)  // reported below
      }
      if common.end != -1 {
        commonTaken += 1
        if common.end != prefix + text.count || common.value.bitPattern != expected.bitPattern {
          if failures.count < 10 {
            failures.append(
              "\(String(decoding: text, as: UTF8.self)): commonValue \(common.value) to \(common.end)"
            )
          }
        }
      }
    }
    let problem: String?
    if let token {
      let fields = referenceFields(text)
      if !expected.isFinite {
        problem = "read as \(token.value), not an error"
      } else if token.value.bitPattern != expected.bitPattern {
        problem = "read as \(token.value) (\(hex(token.value))), not \(expected) (\(hex(expected)))"
      } else if end != prefix + text.count || token.start != prefix {
        problem = "read from \(token.start) to \(end)"
      } else if token.significand != fields.significand || token.exponent != fields.exponent
        || token.isExact != fields.isExact
      {
        problem = "fields \(token.significand), \(token.exponent), \(token.isExact), not \(fields)"
      } else {
        problem = nil
      }
    } else if expected.isFinite || thrown?.expected != "a finite number" {
      problem = "\(thrown?.expected ?? "?"), not \(expected)"
    } else {
      problem = nil
    }
    if let problem, failures.count < 10 {
      let after = String(decoding: suffix, as: UTF8.self).debugDescription
      failures.append(
        "\(String(decoding: text, as: UTF8.self)) (after \(prefix) bytes, before \(after)): \(problem)"
      )
    }
  }

  /// One expectation for all the texts.
  func expectNoFailures(sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))", sourceLocation: sourceLocation)
  }

  private func hex(_ value: Double) -> String { "0x" + String(value.bitPattern, radix: 16) }
}

/// The significand, exponent and exactness of a number text as defined by ``_NumberToken``:
/// the first 19 digits from the first non-zero one without trailing zeros, the power of ten
/// of the last of them, and whether no other digit is non-zero.
func referenceFields(_ text: [UInt8]) -> (significand: UInt64, exponent: Int, isExact: Bool) {
  // A pointer and literal bytes, which are quicker in debug builds.
  let (zero, dot, minus, plus, lowerE): (UInt8, UInt8, UInt8, UInt8, UInt8) = (
    0x30, 0x2E, 0x2D, 0x2B, 0x65
  )
  return text.withUnsafeBufferPointer { buffer in
    let text = buffer.baseAddress!
    let count = buffer.count
    var significand: UInt64 = 0
    var kept = 0
    var exponent = 0
    var isExact = true
    var afterPoint = false
    var index = text[0] == minus ? 1 : 0
    while index < count && text[index] | 0x20 != lowerE {
      if text[index] == dot {
        afterPoint = true
      } else {
        let digit = text[index] &- zero
        if afterPoint { exponent -= 1 }
        if kept == 19 {
          exponent += 1
          if digit != 0 { isExact = false }
        } else if significand != 0 || digit != 0 {
          significand = significand &* 10 &+ UInt64(digit)
          kept += 1
        }
      }
      index += 1
    }
    if index < count {
      index += 1
      let negative = text[index] == minus
      if text[index] == minus || text[index] == plus { index += 1 }
      var explicit = 0
      while index < count {
        explicit = explicit &* 10 &+ Int(text[index] &- zero)
        index += 1
      }
      exponent += negative ? -explicit : explicit
    }
    while significand != 0 && significand % 10 == 0 {
      significand /= 10
      exponent += 1
    }
    return (significand, exponent, isExact)
  }
}

/// A natural number in base 10^9, for exact decimal texts.
struct BaseBillion {
  /// The digits in base 10^9, least significant first.
  private var limbs: [UInt32]

  init(_ value: UInt64) {
    limbs = [
      UInt32(value % 1_000_000_000), UInt32(value / 1_000_000_000 % 1_000_000_000),
      UInt32(value / 1_000_000_000_000_000_000),
    ]
    trim()
  }

  mutating func multiply(by factor: UInt32) {
    var carry: UInt64 = 0
    for index in limbs.indices {
      let product = UInt64(limbs[index]) * UInt64(factor) + carry
      limbs[index] = UInt32(product % 1_000_000_000)
      carry = product / 1_000_000_000
    }
    while carry > 0 {
      limbs.append(UInt32(carry % 1_000_000_000))
      carry /= 1_000_000_000
    }
  }

  /// Adds -1, 0 or 1 (the number is not 0 when subtracting).
  mutating func add(_ step: Int) {
    var index = 0
    if step > 0 {
      while index < limbs.count && limbs[index] == 999_999_999 {
        limbs[index] = 0
        index += 1
      }
      if index == limbs.count { limbs.append(1) } else { limbs[index] += 1 }
    } else if step < 0 {
      while limbs[index] == 0 {
        limbs[index] = 999_999_999
        index += 1
      }
      limbs[index] -= 1
      trim()
    }
  }

  private mutating func trim() {
    while limbs.count > 1 && limbs.last == 0 { limbs.removeLast() }
  }

  /// The decimal digits, without leading zeros.
  var text: [UInt8] {
    var text = Array(String(limbs.last!).utf8)
    for limb in limbs.dropLast().reversed() {
      let digits = Array(String(limb).utf8)
      text.append(contentsOf: repeatElement(_ASCII.zero, count: 9 - digits.count))
      text.append(contentsOf: digits)
    }
    return text
  }
}

/// A natural number in base 2^32, for exact checks of the table.
struct BinaryBig: Comparable {
  /// The digits in base 2^32, least significant first, without leading zeros.
  private var limbs: [UInt32]

  init(_ value: UInt64) {
    limbs = [UInt32(truncatingIfNeeded: value), UInt32(value >> 32)]
    trim()
  }

  /// `high × 2^64 + low + plus`, with `plus` -1, 0 or 1 (and no wrapping around).
  init(high: UInt64, low: UInt64, plus: Int = 0) {
    var (high, low) = (high, low)
    if plus > 0 {
      let (sum, carry) = low.addingReportingOverflow(1)
      (high, low) = (carry ? high + 1 : high, sum)
    } else if plus < 0 {
      let (difference, borrow) = low.subtractingReportingOverflow(1)
      (high, low) = (borrow ? high - 1 : high, difference)
    }
    limbs = [low, high].flatMap { [UInt32(truncatingIfNeeded: $0), UInt32($0 >> 32)] }
    trim()
  }

  /// 2^exponent.
  static func power(of2 exponent: Int) -> BinaryBig { BinaryBig(1).shiftedLeft(exponent) }

  mutating func multiply(by factor: UInt32) {
    var carry: UInt64 = 0
    for index in limbs.indices {
      let product = UInt64(limbs[index]) * UInt64(factor) + carry
      limbs[index] = UInt32(truncatingIfNeeded: product)
      carry = product >> 32
    }
    if carry > 0 { limbs.append(UInt32(carry)) }
  }

  func multiplied(by other: BinaryBig) -> BinaryBig {
    var result = [UInt32](repeating: 0, count: limbs.count + other.limbs.count)
    for (i, a) in limbs.enumerated() {
      var carry: UInt64 = 0
      for (j, b) in other.limbs.enumerated() {
        let sum = UInt64(a) * UInt64(b) + UInt64(result[i + j]) + carry
        result[i + j] = UInt32(truncatingIfNeeded: sum)
        carry = sum >> 32
      }
      result[i + other.limbs.count] = UInt32(carry)
    }
    var product = BinaryBig(0)
    product.limbs = result
    product.trim()
    return product
  }

  func shiftedLeft(_ bits: Int) -> BinaryBig {
    var shifted = [UInt32](repeating: 0, count: bits / 32)
    var carry: UInt32 = 0
    for limb in limbs {
      let wide = UInt64(limb) << UInt64(bits % 32)
      shifted.append(UInt32(truncatingIfNeeded: wide) | carry)
      carry = UInt32(wide >> 32)
    }
    shifted.append(carry)
    var result = BinaryBig(0)
    result.limbs = shifted
    result.trim()
    return result
  }

  private mutating func trim() {
    while limbs.count > 1 && limbs.last == 0 { limbs.removeLast() }
  }

  static func < (a: BinaryBig, b: BinaryBig) -> Bool {
    if a.limbs.count != b.limbs.count { return a.limbs.count < b.limbs.count }
    for (x, y) in zip(a.limbs.reversed(), b.limbs.reversed()) where x != y { return x < y }
    return false
  }
}
