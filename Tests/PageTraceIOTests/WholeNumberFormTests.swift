import PageTraceGenerator
import Testing

@testable import PageTraceIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whole numbers at and beyond 2^53 (docs/behaviour/output.md, "Numbers"): up to ±2^53 as integers,
/// beyond in exponent form with the fewest significant digits that read back.
@Suite struct WholeNumberFormTests {
  /// Expected texts worked by hand: 2^53 = 9007199254740992 is the last whole number written
  /// as an integer; above it doubles are 2 apart, so 2^53 + 2 needs all 16 digits; 2^54 is 4
  /// apart from its neighbours, so 1.801439850948198e16 (4 below) would read back as the
  /// neighbour and 17 digits are needed; 2^63 = 9223372036854775808 has neighbours 1024 below
  /// and 2048 above, and 9.223372036854776e18 (192 above) is the first rounding within them.
  @Test(
    arguments: [
      (9_007_199_254_740_991, "9007199254740991"),
      (0x1p53, "9007199254740992"),
      (-0x1p53, "-9007199254740992"),
      (0x1p53 + 2, "9.007199254740994e+15"),
      (-(0x1p53 + 2), "-9.007199254740994e+15"),
      (0x1p53 + 4, "9.007199254740996e+15"),
      (0x1p54, "1.8014398509481984e+16"),
      (0x1p63, "9.223372036854776e+18"),
      (-0x1p63, "-9.223372036854776e+18"),
      (1e16, "1e+16"), (1e17, "1e+17"), (1e18, "1e+18"), (1e19, "1e+19"), (1e20, "1e+20"),
      (1e21, "1e+21"), (1e22, "1e+22"), (-1e22, "-1e+22"),
      (123_456_789_012_345_678, "1.2345678901234568e+17"),
    ] as [(Double, String)])
  func handWorked(value: Double, expected: String) {
    #expect(written(value) == expected)
    #expect(JSONText.number(value) == expected)
    #expect(Double(expected)?.bitPattern == value.bitPattern, "the reference reads it back")
  }

  /// Every whole number near 2^53, 2^63 and the powers of ten from 1e16 to 1e22, with its
  /// neighbours: the form is by magnitude, the text reads back (the standard library's
  /// `Double(String)`), and no rounding to fewer significant digits (C's `%.*e`) reads back.
  @Test func neighboursOfTheBoundaries() {
    var values: [Double] = []
    for centre in [0x1p53, 0x1p54, 0x1p63, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22] {
      var below = centre
      var above = centre
      values.append(centre)
      for _ in 0..<8 {
        below = below.nextDown
        above = above.nextUp
        values += [below, above]
      }
    }
    values += values.map { -$0 }
    for value in values { check(value) }
  }

  /// Random whole numbers from 2^52 to the largest double.
  @Test func randomWholeNumbers() {
    let seed = UInt64.random(in: 0...UInt64.max)
    print("WholeNumberFormTests.randomWholeNumbers seed \(seed)")
    var random = SplitMix64(seed: seed)
    for _ in 0..<3000 {
      let exponent = 52 + Int(random.next() % 972)  // 52 ... 1023
      let significand = 0x1p52 + Double(random.next() >> 12)  // 2^52 ..< 2^53, whole
      var value = Double(sign: .plus, exponent: exponent - 52, significand: significand)
      if random.next() & 1 == 1 { value.negate() }
      check(value, seed: seed)
    }
  }

  private func check(_ value: Double, seed: UInt64? = nil) {
    let text = written(value)
    let context = "\(value) written as \(text)" + (seed.map { ", seed \($0)" } ?? "")
    #expect(Double(text)?.bitPattern == value.bitPattern, "\(context)")
    let negative = text.hasPrefix("-")
    let body = Array((negative ? text.dropFirst() : Substring(text)).utf8)
    let isDigit = { (byte: UInt8) in byte >= 0x30 && byte <= 0x39 }
    if value.magnitude <= 0x1p53 {
      #expect(body.allSatisfy(isDigit), "an integer: \(context)")
      return
    }
    // d[.ddd]e+NN: one leading digit, no trailing zero in the fraction, a plus exponent.
    guard let e = body.firstIndex(of: UInt8(ascii: "e")) else {
      Issue.record("no exponent: \(context)")
      return
    }
    let mantissa = body[..<e]
    let exponent = body[(e + 1)...]
    #expect(isDigit(mantissa.first!) && mantissa.first! != 0x30, "\(context)")
    if mantissa.count > 1 {
      #expect(mantissa[mantissa.startIndex + 1] == UInt8(ascii: "."), "\(context)")
      #expect(mantissa.count > 2 && mantissa.last != 0x30, "\(context)")
      #expect(mantissa.dropFirst(2).allSatisfy(isDigit), "\(context)")
    }
    #expect(exponent.first == UInt8(ascii: "+") && exponent.dropFirst().allSatisfy(isDigit))
    #expect(exponent.count >= 3, "two exponent digits at least: \(context)")
    // Shortest: one significant digit fewer, correctly rounded by C, does not read back.
    let digits = mantissa.count == 1 ? 1 : mantissa.count - 1
    if digits > 1 {
      let shorter = cFormatted(value, significantDigits: digits - 1)
      #expect(Double(shorter)?.bitPattern != value.bitPattern, "\(shorter) too: \(context)")
    }
  }

  private func written(_ value: Double) -> String {
    var buffer = _OutputBuffer(capacity: 64)
    buffer.appendNumber(value)
    return String(
      decoding: UnsafeRawBufferPointer(start: buffer.start, count: buffer.count), as: UTF8.self)
  }

  /// `printf("%.*e")` with `digits` significant digits.
  private func cFormatted(_ value: Double, significantDigits digits: Int) -> String {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
      _ = withVaList([Int32(digits - 1), value]) {
        vsnprintf(buffer.baseAddress!, 64, "%.*e", $0)
      }
      return String(cString: buffer.baseAddress!)
    }
  }
}
