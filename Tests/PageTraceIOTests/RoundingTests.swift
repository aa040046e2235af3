import PageTraceGenerator
import Testing

@testable import PageTraceIO

/// ``JSONText/rounded(_:decimals:)`` against the C library's text round trip it replaces, and
/// against exact integer arithmetic (``exactlyRounded(_:decimals:)``), independent of both,
/// wherever the fast path hands over to the C library (more than 22 decimals, products past
/// 2^63, results below the normal range) and on a sample of the rest.
@Suite struct RoundingTests {
  @Test(arguments: [
    (0.125, 2, 0.12), (0.375, 2, 0.38), (2.5, 0, 2.0), (3.5, 0, 4.0), (-2.5, 0, -2.0),
    (0.14999999999999991, 2, 0.15), (1.005, 2, 1.0), (0.08000000000000007, 2, 0.08),
    (1e-7, 7, 1e-7), (123456.7890123, 3, 123456.789),
    // Zeros keep the sign of what was rounded, as `printf("%.0f", -0.3)` writes "-0".
    (-0.3, 0, -0.0), (-0.5, 0, -0.0), (-1.5, 0, -2.0), (0.5, 0, 0.0), (-0.0, 3, -0.0),
    (-0.0004, 3, -0.0),
  ])
  func knownValues(value: Double, decimals: Int, expected: Double) {
    #expect(JSONText.rounded(value, decimals: decimals).bitPattern == expected.bitPattern)
    #expect(_System.rounded(value, decimals: decimals).bitPattern == expected.bitPattern)
    #expect(exactlyRounded(value, decimals: decimals).bitPattern == expected.bitPattern)
  }

  /// Values outside the fast path, each worked by hand.
  @Test(arguments: [
    // 23 decimals: 1e-23 is within 10^-39 of 1 × 10^-23, so it stays; 4e-24 is 0.4 units.
    (1e-23, 23, 1e-23), (4e-24, 23, 0),
    // Products past 2^63: the value itself, whole.
    (1e300, 5, 1e300), (0x1p70 + 0x1p18, 3, 0x1p70 + 0x1p18),
    // Subnormal: 5e-324 to 323 decimals is 0 (the exact value is 4.94…e-324).
    (5e-324, 323, 0), (-5e-324, 324, -5e-324),
  ])
  func valuesBeyondTheFastPath(value: Double, decimals: Int, expected: Double) {
    #expect(exactlyRounded(value, decimals: decimals).bitPattern == expected.bitPattern)
    #expect(JSONText.rounded(value, decimals: decimals).bitPattern == expected.bitPattern)
  }

  @Test func agreesWithTheCLibraryOnRandomValues() {
    var random = SplitMix64(seed: 42)
    var checked = 0
    var exactlyChecked = 0
    for _ in 0..<300_000 {
      var decimals = random.next(below: 24)
      let value: Double
      switch random.next(below: 6) {
      case 5:
        // Exact ties beyond 2^52: value = M / 2^(k+1) with M odd makes value × 10^k end in .5.
        let k = 1 + random.next(below: 19)
        var power: Double = 1
        for _ in 0..<k { power *= 5 }
        let lower = UInt64((0x1p53 / power).rounded(.up))
        let upper = UInt64(min(0x1p53, 0x1p64 / power))
        let m = (lower + random.next() % (upper - lower)) | 1
        var half: Double = 1
        for _ in 0...k { half *= 2 }
        value = Double(m) / half
        decimals = k
      case 4:
        // Full-precision coordinates and their differences, rounded near their own decimals:
        // products from 2^52 to 2^63, where the integer path takes over.
        value = Double(Int64(bitPattern: random.next()) % 2_000_000_000_000_000) / 1e15
        decimals = 12 + random.next(below: 8)
      case 0:
        // A difference of two times, as classify and stats round them.
        let a = Double(random.next(below: 1_000_000)) / 1000 + Double(random.next() % 1000) / 1e9
        let b = a - Double(random.next(below: 100_000)) / 10_000
        value = a - b
      case 1:
        // Exact halves and their neighbours at the rounding digit.
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let half = (Double(random.next(below: 1_000_000)) + 0.5) / scale
        value = [half, half.nextUp, half.nextDown][random.next(below: 3)]
      case 2:
        value =
          Double(bitPattern: random.next() & 0x7FFF_FFFF_FFFF_FFFF)
          * (random.next(below: 2) == 0 ? 1 : -1)
      default:
        value = Double(Int64(bitPattern: random.next()) % 10_000_000_000) / 1e6
      }
      guard value.isFinite else { continue }
      let fast = JSONText.rounded(value, decimals: decimals)
      let slow = _System.rounded(value, decimals: decimals)
      #expect(fast.bitPattern == slow.bitPattern, "\(value) to \(decimals) decimals")
      if fast.bitPattern != slow.bitPattern { return }
      checked += 1
      // Where the fast path hands over to the C library, and one in 16 elsewhere: exactly.
      var scale = 1.0
      for _ in 0..<min(decimals, 23) { scale *= 10 }
      let handedOver =
        decimals > 22 || (value * scale).magnitude >= 0x1p63 || (fast != 0 && !fast.isNormal)
      if handedOver || checked % 16 == 0 {
        let exact = exactlyRounded(value, decimals: decimals)
        #expect(fast.bitPattern == exact.bitPattern, "\(value) to \(decimals) decimals, exactly")
        if fast.bitPattern != exact.bitPattern { return }
        if handedOver { exactlyChecked += 1 }
      }
    }
    #expect(checked > 250_000)
    #expect(exactlyChecked > 20_000, "\(exactlyChecked) values beyond the fast path")
  }
}

/// ``JSONText/decimalPlaces(of:)`` against the count in the standard library's shortest
/// round-trip text (``decimalPlacesOfShortestText(_:)``), never against the writer's own text
/// (``JSONText/decimalPlaces(of:)`` counts the digits of the writer's own printer).
@Suite struct DecimalPlacesTests {
  @Test(arguments: [
    (3.15, 2), (3.0, 0), (1e-7, 7), (1e16, 0), (0.1, 1), (0.09999999999999999, 17),
    (139.99516351633693, 14), (0.009208324689276038, 18), (-2.5, 1), (1e-5, 5), (123456.75, 2),
  ])
  func knownValues(value: Double, decimals: Int) {
    #expect(JSONText.decimalPlaces(of: value) == decimals, "\(value)")
    #expect(decimalPlacesOfShortestText(value) == decimals, "\(value)")
  }

  @Test func theCountAgreesWithTheTextOnRandomValues() {
    print("DecimalPlacesTests seed 77")
    var random = SplitMix64(seed: 77)
    var withinRange = 0
    var outside = 0
    for _ in 0..<300_000 {
      let value: Double
      switch random.next(below: 4) {
      case 0:
        // Times, coordinates and their differences, as classify and stats write them.
        let a = Double(random.next() % 100_000_000_000_000_000) / 1e14
        let b = Double(random.next() % 100_000_000_000_000_000) / 1e14
        value = a - b
      case 1:
        value =
          Double(random.next(below: 1_000_000))
          / Double([1, 10, 100, 1000, 8, 64][random.next(below: 6)])
      case 2:
        // Any double from 1e-6 to 1e16, at random bit patterns.
        let exponent = UInt64(1003 + random.next(below: 74))
        value = Double(bitPattern: exponent << 52 | random.next() & 0xF_FFFF_FFFF_FFFF)
      default:
        value = Double(bitPattern: random.next())
      }
      guard value.isFinite else { continue }
      if value.magnitude >= 1e-5 && value.magnitude < 0x1p53 {
        withinRange += 1
      } else {
        outside += 1
      }
      let expected = decimalPlacesOfShortestText(value)
      let found = JSONText.decimalPlaces(of: value)
      #expect(found == expected, "\(value): \(found) decimals, the text has \(expected)")
      if found != expected { return }
    }
    #expect(withinRange > 150_000)
    #expect(outside > 50_000)  // outside 1e-5 ... 2^53, where the text is in exponent form
  }
}

/// The decimals the number writer reports for the text it wrote
/// (``_OutputBuffer/appendNumberCountingDecimals(_:)``, what `classify`'s line uses for its
/// differences) against the count in the standard library's shortest text, and
/// ``JSONText/difference(_:_:decimals:)`` with them against ``JSONText/difference(_:_:)``.
@Suite struct CountedDecimalsTests {
  /// A value of the kinds `classify` prints, or any double.
  static func value(_ random: inout SplitMix64) -> Double {
    switch random.next(below: 6) {
    case 0: return Double(random.next() % 100_000_000_000_000_000) / 1e14
    case 1:
      return Double(random.next(below: 1_000_000))
        / Double([1, 10, 100, 1000, 8][random.next(below: 5)])
    case 2: return Double(Int(random.next(below: 2_000)) - 1_000)  // whole, -0 excluded
    case 3:
      return [0.0, -0.0, .infinity, -.infinity, .nan, 0x1p53, 1e16, .leastNonzeroMagnitude][
        random.next(below: 8)]
    case 4:
      let exponent = UInt64(1003 + random.next(below: 74))
      return Double(bitPattern: exponent << 52 | random.next() & 0xF_FFFF_FFFF_FFFF)
    default: return Double(bitPattern: random.next())
    }
  }

  @Test func theDecimalsWrittenAreTheTextsAndGiveTheSameDifferences() {
    let seed: UInt64 = 2_024_112_6
    print("CountedDecimalsTests seed \(seed)")
    var random = SplitMix64(seed: seed)
    var buffer = _OutputBuffer(capacity: 4 * _OutputBuffer.maximumNumberLength)
    var differencesChecked = 0
    for _ in 0..<200_000 {
      let a = Self.value(&random)
      // Half the pairs near each other, as a stroke's ends are.
      let b =
        random.next(below: 2) == 0
        ? Self.value(&random) : a + Double(random.next(below: 2_000)) / 1e3
      var decimals: [Int] = []
      for value in [a, b] {
        buffer.count = 0
        let counted = buffer.appendNumberCountingDecimals(value)
        let expected = value.isFinite ? decimalPlacesOfShortestText(value) : 0
        #expect(counted == expected, "\(value): \(counted) decimals, the text has \(expected)")
        #expect(buffer.string == JSONText.number(value), "\(value)")
        if counted != expected { return }
        decimals.append(counted)
      }
      let general = JSONText.difference(a, b)
      let known = JSONText.difference(a, b, decimals: max(decimals[0], decimals[1]))
      #expect(
        known.bitPattern == general.bitPattern || (known.isNaN && general.isNaN),
        "\(a) - \(b): \(known) against \(general)")
      differencesChecked += 1
    }
    #expect(differencesChecked == 200_000)
  }
}
