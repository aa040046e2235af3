import _PageTraceNumbers

/// The one way PageTrace writes JSON strings and numbers, for every command and record.
///
/// Numbers are written in their shortest round-tripping form, integral values without a
/// fraction (`1`, not `1.0`). Quantities derived by subtracting two times, which would show
/// the rounding of the subtraction (`3.15 - 3.0` is `0.14999999999999991`), are first rounded
/// to the precision of their operands with ``difference(_:_:)`` (docs/behaviour/output.md,
/// "Numbers").
///
/// ```swift
/// JSONText.number(1.0)                   // "1"
/// JSONText.number(JSONText.difference(3.15, 3.0))  // "0.15"
/// JSONText.string("a\"b")                // "\"a\\\"b\""
/// ```
public enum JSONText {
  /// A number as JSON text: shortest round-trip, integers without a fraction, `null` if not
  /// finite.
  public static func number(_ value: Double) -> String {
    var buffer = _OutputBuffer(capacity: _OutputBuffer.maximumNumberLength)
    buffer.appendNumber(value)
    return buffer.string
  }

  /// An integer as JSON text.
  public static func number(_ value: Int) -> String { String(value) }

  /// A string as a JSON string literal, quotes included: `"`, `\` and control characters
  /// escaped, everything else as UTF-8.
  public static func string(_ value: String) -> String {
    var buffer = _OutputBuffer(
      capacity: _OutputBuffer.maximumJSONStringLength(utf8Count: value.utf8.count))
    buffer.appendJSONString(value)
    return buffer.string
  }

  /// `a − b`, rounded to the decimals its operands are written with: the difference of two
  /// numbers with at most `k` decimals in their shortest form has at most `k` decimals, and
  /// the rounding error of the double subtraction lies below that. So `1.08 − 1` is `0.08`,
  /// not `0.08000000000000007`, and `1700000000.223457 − 1700000000.123456` is `0.100001`.
  public static func difference(_ a: Double, _ b: Double) -> Double {
    // Equal finite operands differ by exactly +0 whatever their decimals: a stroke that kept
    // its y (`classify`'s "dy") skips counting them.
    if a == b && a.isFinite { return 0 }
    let value = a - b
    guard value.isFinite else { return value }
    return _rounded(difference: value, decimals: max(decimalPlaces(of: a), decimalPlaces(of: b)))
  }

  /// ``difference(_:_:)`` for operands whose ``decimalPlaces(of:)`` the caller already knows
  /// (`decimals` is the larger), as a line that printed them before their difference does
  /// (`TextWriter.appendJSONNumberCountingDecimals(_:)`): the same value, without counting
  /// them again.
  package static func difference(_ a: Double, _ b: Double, decimals: Int) -> Double {
    if a == b && a.isFinite { return 0 }
    let value = a - b
    guard value.isFinite else { return value }
    return _rounded(difference: value, decimals: decimals)
  }

  /// A finite difference rounded to its operands' `decimals`.
  @inline(__always)
  static func _rounded(difference value: Double, decimals: Int) -> Double {
    guard decimals <= 40 else { return value }
    return rounded(value, decimals: decimals) + 0.0  // never -0
  }

  /// The number of decimals of a value's shortest round-trip form: 2 for `3.15`, 0 for `3`,
  /// 7 for `1e-07`, 0 for `1e+16`. Counted from the digits the writer prints
  /// (docs/behaviour/output.md, "Numbers"), without printing them.
  public static func decimalPlaces(of value: Double) -> Int {
    guard value.isFinite else { return 0 }
    return ShortestDigits.decimalPlaces(of: value)
  }

  /// A sum of differences of times no larger than `scale`, rounded to 15 significant digits
  /// of `scale`: what a double carries through such a sum.
  public static func rounded(_ value: Double, toPrecisionOf scale: Double) -> Double {
    guard value.isFinite, scale.isFinite, scale > 0 else { return value }
    let decimals = 14 - Int(_System.decimalExponent(of: scale))
    guard decimals >= 0, decimals <= 40 else { return value }
    return rounded(value, decimals: decimals) + 0.0
  }

  /// `value` rounded to `decimals` places as `printf("%.*f")` writes it (ties to even, on the
  /// exact binary value), read back as the nearest double: what `strtod` of that text gives.
  ///
  /// Mostly without text. With `s = 10^decimals` (exact up to 10^22), the product `value × s`
  /// and its rounding error, exact by one fused multiply-add, give the exact product; it is
  /// rounded to an integer `n`, ties to even, and `n / s` correctly rounded is the answer:
  /// - below 2^52 the product has a fraction and only a product of exactly `k + 0.5` can round
  ///   the wrong way, which the error's sign settles; `n / s` is one division of two exact
  ///   doubles, correctly rounded;
  /// - from 2^52 to 2^63 the product is an integer and the error (at most half its spacing)
  ///   is rounded into `n`; `n × 10^-decimals` is converted exactly as the number reader
  ///   converts decimal text.
  /// Otherwise (more than 22 decimals, a larger product, or a result below the normal range)
  /// the C library formats and reads it.
  static func rounded(_ value: Double, decimals: Int) -> Double {
    if decimals >= 0 && decimals <= 22 {
      // Exact: every power up to 10^22 is a double.
      let scale = NumberTables.shared.powersOfTen[decimals]
      let product = value * scale
      let error = (-product).addingProduct(value, scale)  // value × scale − product, exactly
      if product.magnitude < 0x1p52 {
        // `floor` and `rint` without their calls (`rounded(.down)`, `.toNearestOrEven`: calls
        // into the C library on this target): the product converts to an integer exactly,
        // truncated toward zero, and its fraction above that floor is exact.
        let truncated = Double(Int64(product))
        let below = truncated > product ? truncated - 1 : truncated
        let fraction = product - below
        var integer = below
        if fraction > 0.5 {
          integer += 1
        } else if fraction == 0.5 {
          // A tie of the rounded product; the exact one is settled by the error's sign, and
          // an exact tie goes to the even integer.
          if error != 0 {
            if error > 0 { integer += 1 }
          } else if Int64(below) & 1 != 0 {
            integer += 1
          }
        }
        // `rint`'s zero keeps the product's sign (−0.3 rounds to −0).
        return Double(signOf: product, magnitudeOf: integer.magnitude) / scale
      }
      if product.magnitude < 0x1p63 {
        // The product is an integer; so is `below`, and `error - below` is its exact fraction.
        let below = error.rounded(.down)
        var integer = Int64(product) + Int64(below)
        let fraction = error - below
        if fraction > 0.5 || (fraction == 0.5 && integer & 1 == 1) { integer += 1 }
        if integer == 0 { return value.sign == .minus ? -0.0 : 0 }
        if let magnitude = DecimalToDouble.clingerFastPath(integer.magnitude, -decimals)
          ?? DecimalToDouble.eiselLemire(integer.magnitude, -decimals)
        {
          return integer < 0 ? -magnitude : magnitude
        }
      }
    }
    return _System.rounded(value, decimals: decimals)
  }
}

extension _OutputBuffer {
  /// The bytes written, as text.
  var string: String {
    String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
  }
}
