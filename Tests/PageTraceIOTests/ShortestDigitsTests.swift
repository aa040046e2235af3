import PageTraceGenerator
import Testing

@testable import PageTraceIO
@testable import _PageTraceNumbers

/// PageTrace's shortest-digits printer against the standard library's `Double.description`,
/// the independent oracle: the text must be the same byte for byte, for every finite double.
/// (The release-mode check of 10^7 random doubles is Tests/ShortestDigitsCheck, run by CI.)
@Suite struct ShortestDigitsTests {
  /// The printer's text for `value`, written into a buffer with the scratch room it may use.
  static func printed(_ value: Double) -> String {
    withUnsafeTemporaryAllocation(byteCount: ShortestDigits.scratchLength, alignment: 1) {
      let length = ShortestDigits.write(value, to: $0.baseAddress!)
      return String(decoding: UnsafeRawBufferPointer(rebasing: $0[..<length]), as: UTF8.self)
    }
  }

  /// Every double of `values` and its negation, printed as `description` prints it.
  static func expectSameAsDescription(
    _ values: [Double], _ comment: String = "", sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var failures = 0
    for value in values where value.isFinite {
      for signed in [value, -value] {
        let text = printed(signed)
        if text != signed.description {
          failures += 1
          if failures <= 20 {
            let bits = String(signed.bitPattern, radix: 16)
            Issue.record(
              "bits 0x\(bits): printed \(text), description \(signed.description) \(comment)",
              sourceLocation: sourceLocation)
          }
        }
      }
    }
    #expect(failures == 0, "\(failures) of \(2 * values.count) differ \(comment)")
  }

  /// A value and its neighbours on either side.
  static func withNeighbours(_ value: Double, _ steps: Int = 2) -> [Double] {
    var values = [value]
    var up = value
    var down = value
    for _ in 0..<steps {
      up = up.nextUp
      down = down.nextDown
      values += [up, down]
    }
    return values.filter { $0.isFinite && $0 > 0 }
  }

  @Test func formsWrittenByHand() {
    // Worked by hand from the standard library's rules (docs/behaviour/output.md, "Numbers"), so that
    // the rules themselves are pinned, not only their agreement with `description`.
    let expected: [(Double, String)] = [
      (0, "0.0"), (-0.0, "-0.0"), (1, "1.0"), (-2.5, "-2.5"), (0.1, "0.1"),
      (0.0001, "0.0001"), (0.00001, "1e-05"), (0.000015, "1.5e-05"), (0.00012345, "0.00012345"),
      (123.456, "123.456"), (1e16, "1e+16"), (0x1p53, "9007199254740992.0"),
      (0x1p53 + 2, "9.007199254740994e+15"), (1e100, "1e+100"), (1e-100, "1e-100"),
      (.leastNonzeroMagnitude, "5e-324"), (1.7976931348623157e308, "1.7976931348623157e+308"),
      (2.2250738585072014e-308, "2.2250738585072014e-308"),
      (4503599627370495.5, "4503599627370495.5"),
      (1200, "1200.0"), (0.3, "0.3"), (2.0 / 3, "0.6666666666666666"),
      (0.000099999, "9.9999e-05"),
    ]
    for (value, text) in expected {
      #expect(Self.printed(value) == text, "bits 0x\(String(value.bitPattern, radix: 16))")
    }
  }

  @Test func powersOfTwoAndTheirNeighbours() {
    // Every power of two is a boundary case (significand 0: the neighbour below is twice as
    // close), from the least subnormal to the greatest power.
    var values: [Double] = []
    for exponent in -1074...1023 {
      values += Self.withNeighbours(Double(sign: .plus, exponent: exponent, significand: 1))
    }
    Self.expectSameAsDescription(values, "(powers of two)")
  }

  @Test func powersOfTenAndTheirNeighbours() {
    var values: [Double] = []
    for exponent in -323...308 {
      // The nearest double to 10^exponent, read from text by the standard library.
      values += Self.withNeighbours(Double("1e\(exponent)")!, 3)
      values += Self.withNeighbours(Double("5e\(exponent)")!, 1)
      values += Self.withNeighbours(Double("9.999999999999999e\(exponent)") ?? 1, 1)
    }
    Self.expectSameAsDescription(values, "(powers of ten)")
  }

  @Test func subnormalsAndTheNormalBoundary() {
    var values: [Double] = []
    for pattern: UInt64 in 1...20_000 { values.append(Double(bitPattern: pattern)) }
    // The greatest subnormals, the least normals.
    for pattern: UInt64 in (0x000F_FFFF_FFFF_F000)...(0x0010_0000_0000_1000) {
      values.append(Double(bitPattern: pattern))
    }
    values += [
      .leastNonzeroMagnitude, .leastNormalMagnitude, .leastNormalMagnitude.nextDown,
      .greatestFiniteMagnitude, .greatestFiniteMagnitude.nextDown, .ulpOfOne, 1 + .ulpOfOne,
    ]
    Self.expectSameAsDescription(values, "(subnormals)")
  }

  @Test func switchPointsBetweenFormsAndWholeNumbers() {
    var values: [Double] = []
    // Around 10^-4 and 10^-5, where the exponent form begins.
    for base in [0.0001, 0.00001, 0.00009999999999999999, 0.0001000000000000001] {
      values += Self.withNeighbours(base, 50)
    }
    // Around 2^53 and 2^52, where doubles become whole and the exponent form begins.
    for base in [0x1p53, 0x1p52, 0x1p54, 0x1p51] { values += Self.withNeighbours(base, 50) }
    // Whole numbers and halves.
    for whole in 0..<5_000 {
      values += [Double(whole), Double(whole) + 0.5, Double(whole) / 8, 1 / Double(whole + 1)]
    }
    Self.expectSameAsDescription(values, "(switch points)")
  }

  @Test func publishedHardCases() {
    // From the Ryu, Grisu/Errol and Schubfach literature and test suites: values whose shortest
    // digits are hard to find, or that tripped up earlier printers.
    let values: [Double] = [
      2.109808898695963e16,
      9.0608011534336e15, 4.708356024711512e18, 9.409340012568248e18, 1.2345678,
      5.764607523034235e39, 1.152921504606847e40, 2.305843009213694e40,
      1.7800590868057611e-307, 2.8480945388892178e-306, 2.446494580089078e-296,
      4.8929891601781557e-296, 1.8014398509481984e16, 3.6028797018963968e16,
      2.900835519859558e-216, 5.801671039719115e-216, 3.196104012172126e-27,
      9007199254740991.0, 9007199254740992.0, 1.9430376160308388e16, 6.9741824662760956e19,
      4.3816050601147837e18, 1e23, 8.41e21,
      1.00000005, 1.0000000000000002, 0.30000000000000004, 1.7976931348623157e308,
      9.5e-5, 1.5e-5, 1e-7, 123456789012345680, 1.2e-4, 3.0540412e5, 1.8531501765868567e21,
      -3.347727380279489e33, 1.9078281e-8, 2.7567276e-22, 6.2276157e-37, 3.0938138e-40,
      4.5e15, 7.3879e20, 2.0e-3, 1.6e-2, 1.5e24, 2.5e24, 1.7e-305, 4.35e-7, 8.31e-35,
      1.47e-221, 5.54e-279, 2.98023223876953125e-8, 5.551115123125783e-17,
      1.1102230246251565e-16, 2.220446049250313e-16, 0.1 + 0.2, 1.0 / 3, 2.0 / 3, 100.0 / 7,
    ]
    // Subnormals, from text (a literal would warn that it loses precision).
    let subnormals = [
      "4.940656e-318", "1.18575755e-316", "2.989102097996e-312", "5.2e-323",
      "2.2250738585072011e-308",
    ].map { Double($0)! }
    var all: [Double] = []
    for value in values + subnormals { all += Self.withNeighbours(value.magnitude, 2) }
    Self.expectSameAsDescription(all, "(published cases)")
  }

  @Test func randomBitPatterns() {
    var (generator, seed) = seededGenerator(for: "ShortestDigitsTests.randomBitPatterns")
    var values: [Double] = []
    values.reserveCapacity(200_000)
    while values.count < 200_000 {
      let value = Double(bitPattern: generator.next())
      if value.isFinite { values.append(value.magnitude) }
    }
    Self.expectSameAsDescription(values, "(seed \(seed))")
  }

  @Test func randomTimesOfTraces() {
    // The numbers traces hold: times and coordinates from 0 to 10,000 with up to 17 digits.
    var (generator, seed) = seededGenerator(for: "ShortestDigitsTests.randomTimesOfTraces")
    var values: [Double] = []
    for _ in 0..<100_000 {
      let unit = Double(generator.next() >> 11) * 0x1p-53
      values.append(unit * 10_000)
      values.append((unit * 1e6).rounded() / 1e3)  // milliseconds
    }
    Self.expectSameAsDescription(values, "(seed \(seed))")
  }

  /// The answer from the interval's upper end alone (`_shortestFromUpperEnd`), wherever it
  /// gives one, against the search it stands in front of (`_shortestBySearch`, its zeros
  /// stripped), on random bit patterns (normal and subnormal), neighbours of powers of two and
  /// of ten, and the numbers traces hold; and it must decide nearly all of the latter (were it
  /// to hand everything back, the printer would stay right but the test of it would be empty).
  @Test func upperEndAgreesWithTheSearch() {
    var (generator, seed) = seededGenerator(for: "ShortestDigitsTests.upperEnd")
    var values: [Double] = []
    for _ in 0..<200_000 {
      values.append(Double(bitPattern: generator.next() & 0x7FFF_FFFF_FFFF_FFFF))
      values.append(Double(bitPattern: generator.next() & 0x000F_FFFF_FFFF_FFFF))  // subnormal
      values.append(Double(generator.next() >> 11) * 0x1p-53 * 10_000)
    }
    for exponent in -1074...1023 {
      let value = Double(sign: .plus, exponent: exponent, significand: 1)
      values += [value, value.nextUp, value.nextDown]
    }
    for power in -320...308 { values += Self.withNeighbours(Double("1e\(power)")!, 2) }
    var decided = 0
    var tracesDecided = 0
    for (index, value) in values.enumerated() where value.isFinite && value > 0 {
      let fraction = value.significandBitPattern
      let biased = Int(value.exponentBitPattern)
      let (c, q) = biased == 0 ? (fraction, -1074) : (fraction | 1 << 52, biased - 1075)
      guard let fast = ShortestDigits._shortestFromUpperEnd(significand: c, exponent: q) else {
        continue
      }
      decided += 1
      if index < 600_000 && index % 3 == 2 { tracesDecided += 1 }
      var (digits, exponent) = ShortestDigits._shortestBySearch(significand: c, exponent: q)
      while digits % 10 == 0 {
        digits /= 10
        exponent += 1
      }
      var (fastDigits, fastExponent) = fast
      while fastDigits % 10 == 0, fastDigits != 0 {
        fastDigits /= 10
        fastExponent += 1
      }
      let same = fastDigits == digits && fastExponent == exponent
      #expect(
        same,
        "bits 0x\(String(value.bitPattern, radix: 16)): \(fast) against \(digits)e\(exponent) (seed \(seed))"
      )
      if !same { return }
    }
    #expect(tracesDecided > 190_000, "\(tracesDecided) of 200,000 (seed \(seed))")
    // The subnormals (a third of the random values) are beyond its table: handed back.
    #expect(decided > 390_000, "\(decided) (seed \(seed))")
  }

  @Test func appendNumberUsesThePrinterForFractions() {
    // The writer's path: whole numbers up to 2^53 as integers, everything else as
    // `description`, null for non-finite values.
    var (generator, seed) = seededGenerator(for: "ShortestDigitsTests.appendNumber")
    for _ in 0..<20_000 {
      let value = Double(bitPattern: generator.next())
      var buffer = _OutputBuffer(capacity: 8)
      buffer.reserve(_OutputBuffer.maximumNumberLength)
      buffer.appendNumber(value)
      let text = String(
        decoding: UnsafeRawBufferPointer(start: buffer.start, count: buffer.count), as: UTF8.self)
      let expected: String
      if !value.isFinite {
        expected = "null"
      } else if value.magnitude <= 0x1p53 && value == value.rounded(.towardZero) {
        expected = value == 0 && value.sign == .minus ? "-0" : String(Int(value))
      } else {
        expected = value.description
      }
      #expect(text == expected, "bits 0x\(String(value.bitPattern, radix: 16)) (seed \(seed))")
    }
  }

  /// `_writeCommon` leaves out the upper-end path's test of the width's fraction, which depends
  /// on the exponent alone: for every exponent of its range (q from -64 to -5) the fraction of
  /// `δ = 2^q / 10^k`, computed as `_shortestFromUpperEnd` computes it, must be more than 2^-54
  /// from a whole number (worked by hand: an odd multiple of 2^-j, j at most 42); and from
  /// q = -4 on (2^48 and above) it is whole, which is why the range stops there.
  @Test func widthFractionIsClearOfTheMarginInTheFastRange() {
    func deltaFraction(_ q: Int) -> UInt64 {
      let k = ShortestDigits._floorLog10(powerOfTwo: q) - 2
      let g = _scaledPowersOfTen[-k - _scaledPowersOfTenRange.lowerBound]
      let s = 125 - q - ShortestDigits._floorLog2(powerOfTen: -k)
      return g.high << UInt64(128 - s) | g.low >> UInt64(s - 64)
    }
    let margin: UInt64 = 1 << 10
    for q in -64...(-5) {
      let fraction = deltaFraction(q)
      #expect(fraction &+ margin > 2 &* margin, "q \(q): fraction 0x\(String(fraction, radix: 16))")
      // At least 2^-42 from a whole number, as worked out (less the table's error, 2^-61).
      #expect(fraction >= 1 << 21 && fraction <= ~(1 << 21), "q \(q)")
    }
    for q in -4...(-1) {
      let fraction = deltaFraction(q)
      #expect(!(fraction &+ margin > 2 &* margin), "q \(q): the width is whole")
    }
  }

  /// The common number's table (`_commonExponents`, generated by
  /// .ci/generate-common-exponents.py) against what `_shortestFromUpperEnd` computes from the
  /// exponent, for every biased exponent of the fast range (1011...1070): the power of ten,
  /// the width's whole part, the two shifts and the first digit's exponent.
  @Test func commonExponentsAgreeWithTheGeneralComputation() {
    #expect(_commonExponents.count == 60)
    for biased in 1011...1070 {
      let q = biased - 1075
      let k = ShortestDigits._floorLog10(powerOfTwo: q) - 2
      let g = _scaledPowersOfTen[-k - _scaledPowersOfTenRange.lowerBound]
      let s = 125 - q - ShortestDigits._floorLog2(powerOfTen: -k)
      let entry = _commonExponents[biased - 1011]
      #expect(entry.high == g.high && entry.low == g.low, "biased \(biased)")
      #expect(entry.deltaWhole == g.high >> UInt64(s - 64), "biased \(biased)")
      #expect(Int(entry.left) == 127 - s && Int(entry.right) == s - 63, "biased \(biased)")
      #expect(Int(entry.scientific) == k + 18, "biased \(biased)")
      // Independently: the width 2^q / 10^k (10^-k is exact as a double up to 10^22) lies in
      // [100, 1000), and the first digit of the least and the greatest double of the exponent
      // (from `description`, plain digits in this range) is at 10^(k+18) or one below.
      var scale = 1.0
      for _ in 0..<(-k) { scale *= 10 }
      let width = Double(sign: .plus, exponent: q, significand: 1) * scale
      #expect(width >= 100 && width < 1000, "biased \(biased): width \(width)")
      for value in [
        Double(sign: .plus, exponent: q + 52, significand: 1).nextUp,
        Double(sign: .plus, exponent: q + 53, significand: 1).nextDown,
      ] {
        let text = value.description
        let whole = text.prefix { $0 != "." }
        let first =
          whole != "0"
          ? whole.count - 1
          : -(text.dropFirst(2).prefix { $0 == "0" }.count + 1)
        #expect(first == k + 18 || first == k + 17, "biased \(biased): \(text)")
      }
    }
  }

  /// The number writer's fast path (`_writeCommon`, taken from the bit pattern for finite
  /// non-whole values from 2^-12 to 2^52 that are not powers of two) against its general path
  /// (`writeNumberInGeneral`) and against `description`: text, decimals (the digits after the
  /// point of `description`'s text), and no store beyond the scratch room. Random values of
  /// every exponent of its range and around it, trace-like numbers, and the hard cases: powers
  /// of two and of ten and their neighbours, the range's ends, values near 2^52 and 2^53,
  /// subnormals, and the forms `e-05` and `e+16` next to it.
  @Test func fastPathAgreesWithTheGeneralPath() {
    var (generator, seed) = seededGenerator(for: "ShortestDigitsTests.fastPath")
    var values: [Double] = [
      1.5e-05, 0.0001, 0.00012345678901234567, 0x1p-12, 0x1p-13, 1e16, 1.5e16, 0x1p52, 0x1p53,
      4503599627370495.5, 2251799813685247.75, 1234567.8901234567, 123456789.01234567,
      0.1, 0.3, 2.5, 1234.5, 9999999.5, 99999999.5, 0.0009765625, .leastNonzeroMagnitude,
      .leastNormalMagnitude, .greatestFiniteMagnitude,
    ]
    for _ in 0..<200_000 {
      // Any significand, with a biased exponent from 1000 to 1085 (the range is 1011 to 1074).
      let exponent = 1000 + generator.next() % 86
      values.append(Double(bitPattern: exponent << 52 | generator.next() & (1 << 52 - 1)))
      values.append(Double(generator.next() >> 11) * 0x1p-53 * 10_000)
      values.append(Double(bitPattern: generator.next() & 0x000F_FFFF_FFFF_FFFF))  // subnormal
    }
    for exponent in -1074...1023 {
      values += Self.withNeighbours(Double(sign: .plus, exponent: exponent, significand: 1), 3)
    }
    for power in -320...308 { values += Self.withNeighbours(Double("1e\(power)")!, 3) }
    for whole in [1.0, 7, 10, 100, 1e6, 1e7, 1e8, 1e15, 0x1p52 - 1, 0x1p53 - 1] {
      values += Self.withNeighbours(whole, 3)
    }
    let room = 2 * _OutputBuffer.maximumNumberLength
    let fast = UnsafeMutableRawPointer.allocate(byteCount: room, alignment: 1)
    let general = UnsafeMutableRawPointer.allocate(byteCount: room, alignment: 1)
    defer {
      fast.deallocate()
      general.deallocate()
    }
    var taken = 0
    var failures = 0
    for magnitude in values {
      for value in [magnitude, -magnitude] {
        fast.initializeMemory(as: UInt8.self, repeating: 0xA5, count: room)
        let written = ShortestDigits.writeNumber(value, at: fast)
        let expected = ShortestDigits.writeNumberInGeneral(value, at: general)
        let text = String(
          decoding: UnsafeRawBufferPointer(start: fast, count: written.length), as: UTF8.self)
        let generalText = String(
          decoding: UnsafeRawBufferPointer(start: general, count: expected.length), as: UTF8.self)
        let biased = Int(value.exponentBitPattern)
        let isCommon =
          (1011...1074).contains(biased) && value.significandBitPattern != 0
          && value != value.rounded(.towardZero)
        var same = text == generalText && written.decimals == expected.decimals
        if isCommon {
          taken += 1
          let description = value.description
          let decimals = description.split(separator: ".").last!.count
          same = same && text == description && written.decimals == decimals
        }
        same =
          same
          && (_OutputBuffer.maximumNumberLength..<room).allSatisfy {
            fast.load(fromByteOffset: $0, as: UInt8.self) == 0xA5
          }
        if !same {
          failures += 1
          if failures <= 20 {
            Issue.record(
              "bits 0x\(String(value.bitPattern, radix: 16)): \(text) (\(written.decimals)) against \(generalText) (\(expected.decimals)), description \(value.description) (seed \(seed))"
            )
          }
        }
      }
    }
    #expect(failures == 0, "\(failures) of \(2 * values.count) differ (seed \(seed))")
    // The random exponents fall in the fast range 64 times in 86, the trace-like values
    // nearly always: the fast path must have been taken for most of them.
    #expect(taken > 600_000, "\(taken) (seed \(seed))")
  }

  @Test func writesNothingBeyondItsScratchRoom() {
    // The writer reserves `maximumNumberLength` bytes a number: the printer's stores, scratch
    // included, must stay inside them, and the text within 24 bytes.
    #expect(ShortestDigits.scratchLength <= _OutputBuffer.maximumNumberLength)
    var (generator, seed) = seededGenerator(for: "ShortestDigitsTests.scratch")
    var values: [Double] = [
      -.greatestFiniteMagnitude, -.leastNonzeroMagnitude, -0x1p53, -1.2345678901234567e-5,
      -0.00012345678901234567, -4503599627370495.5, -1234567.8901234567, -123456789.01234567,
    ]
    for _ in 0..<50_000 { values.append(Double(bitPattern: generator.next() | 1 << 63)) }
    let sentinel: UInt8 = 0xA5
    let room = 2 * ShortestDigits.scratchLength
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: room, alignment: 1)
    defer { buffer.deallocate() }
    for value in values where value.isFinite {
      buffer.initializeMemory(as: UInt8.self, repeating: sentinel, count: room)
      let length = ShortestDigits.write(value, to: buffer)
      #expect(length <= 24, "bits 0x\(String(value.bitPattern, radix: 16)) (seed \(seed))")
      let untouched = (ShortestDigits.scratchLength..<room).allSatisfy {
        buffer.load(fromByteOffset: $0, as: UInt8.self) == sentinel
      }
      #expect(untouched, "bits 0x\(String(value.bitPattern, radix: 16)) (seed \(seed))")
    }
  }

  @Test func eightDigitsAgainstIntegerText() {
    // The parallel digit split against the standard library's integer text, zero-padded.
    var (generator, seed) = seededGenerator(for: "ShortestDigitsTests.eightDigits")
    var samples: [UInt32] = [0, 1, 9, 10, 99, 100, 9_999, 10_000, 99_999_999, 12_345_678]
    for _ in 0..<100_000 { samples.append(UInt32(generator.next() % 100_000_000)) }
    for value in samples {
      let word = ShortestDigits._eightDigits(value).littleEndian
      let text = withUnsafeBytes(of: word) { String(decoding: $0, as: UTF8.self) }
      let padded = String(repeating: "0", count: 8 - String(value).count) + String(value)
      #expect(text == padded, "\(value) (seed \(seed))")
    }
  }

  @Test func digitCounts() {
    var value: UInt64 = 1
    for digits in 1...19 {
      #expect(ShortestDigits._digitCount(value) == digits)
      #expect(ShortestDigits._digitCount(value * 10 - 1) == digits)
      if digits > 1 { #expect(ShortestDigits._digitCount(value - 1) == digits - 1) }
      value *= 10
    }
    #expect(ShortestDigits._digitCount(UInt64.max) == 20)
  }
}
