/// The one way PageTrace writes JSON strings and numbers, for every command and record.
///
/// Numbers are written in their shortest round-tripping form, integral values without a
/// fraction (`1`, not `1.0`). Quantities derived by subtracting two times, which would show
/// the rounding of the subtraction (`3.15 - 3.0` is `0.14999999999999991`), are first rounded
/// to 15 significant digits with ``derived(_:)`` (docs/behaviour.md, "Numbers").
///
/// ```swift
/// JSONText.number(1.0)                   // "1"
/// JSONText.number(JSONText.derived(3.15 - 3.0))  // "0.15"
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

  /// A value derived by subtraction (a duration, a time on a page), rounded to 15
  /// significant digits (what a double holds exactly through decimal text) so that the
  /// rounding of the subtraction does not show.
  public static func derived(_ value: Double) -> Double {
    guard value.isFinite, value != 0 else { return value }
    return _System.roundedTo15Digits(value)
  }
}

extension _OutputBuffer {
  /// The bytes written, as text.
  var string: String {
    String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
  }
}
