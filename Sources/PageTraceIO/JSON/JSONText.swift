/// The one way PageTrace writes JSON strings and numbers, for every command and record.
///
/// Numbers are written in their shortest round-tripping form, integral values without a
/// fraction (`1`, not `1.0`). Quantities derived by subtracting two times, which would show
/// the rounding of the subtraction (`3.15 - 3.0` is `0.14999999999999991`), are first rounded
/// to the precision of their operands with ``difference(_:_:)`` (docs/behaviour.md,
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

  /// `a − b`, rounded to the precision the operands carry: 15 significant digits of the
  /// larger one. So `1.08 − 1` is `0.08`, not `0.08000000000000007`: the rounding error of
  /// the subtraction, which is below that precision, does not show.
  public static func difference(_ a: Double, _ b: Double) -> Double {
    rounded(a - b, toPrecisionOf: max(a.magnitude, b.magnitude))
  }

  /// `value` rounded to 15 significant digits of `scale`: a sum or difference of numbers no
  /// larger than `scale` is exact to that precision and no further.
  public static func rounded(_ value: Double, toPrecisionOf scale: Double) -> Double {
    guard value.isFinite, scale.isFinite, scale > 0 else { return value }
    let decimals = 14 - Int(_System.decimalExponent(of: scale))
    guard decimals >= 0, decimals <= 40 else { return value }
    return _System.rounded(value, decimals: decimals)
  }
}

extension _OutputBuffer {
  /// The bytes written, as text.
  var string: String {
    String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
  }
}
