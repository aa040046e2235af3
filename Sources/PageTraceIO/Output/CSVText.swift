/// The one way PageTrace writes a CSV field; numbers are written as ``JSONText`` writes them.
///
/// A field is written as it is unless it holds a comma, a double quote, a carriage return or a
/// line feed, or is empty: then it goes between double quotes, each double quote doubled. So
/// the empty string (`""`) differs from an empty cell, a field the row lacks.
///
/// ```swift
/// CSVText.field("Page 1 of 5")   // "Page 1 of 5"
/// CSVText.field("a,\"b\"")       // "\"a,\"\"b\"\"\""
/// CSVText.field("")              // "\"\""
/// ```
public enum CSVText {
  /// A string as one CSV field, quoted only when it must be.
  public static func field(_ value: String) -> String {
    var buffer = _OutputBuffer(
      capacity: _OutputBuffer.maximumCSVFieldLength(utf8Count: value.utf8.count))
    buffer.appendCSVField(value)
    return buffer.string
  }
}
