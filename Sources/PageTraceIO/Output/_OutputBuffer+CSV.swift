extension _OutputBuffer {
  /// The most bytes ``appendCSVField(_:)`` writes for a string of `utf8Count` bytes.
  static func maximumCSVFieldLength(utf8Count: Int) -> Int { 2 + 2 * utf8Count }

  /// Appends a string as one CSV field (RFC 4180): as it is, unless it holds a comma, a
  /// double quote, a carriage return or a line feed, or is empty; then between double quotes,
  /// with each double quote doubled. An empty string is written `""`, so that it differs from
  /// an empty cell (a field the record lacks).
  mutating func appendCSVField(_ string: String) {
    let copied: Void? = string.utf8.withContiguousStorageIfAvailable { utf8 in
      appendCSVField(UnsafeRawBufferPointer(utf8))
    }
    if copied == nil {
      var string = string
      string.withUTF8 { appendCSVField(UnsafeRawBufferPointer($0)) }
    }
  }

  /// Appends UTF-8 bytes as one CSV field, as ``appendCSVField(_:)-(String)`` does.
  mutating func appendCSVField(_ bytes: UnsafeRawBufferPointer) {
    var needsQuotes = bytes.isEmpty
    for byte in bytes
    where byte == _ASCII.comma || byte == _ASCII.quote || byte == _ASCII.newline
      || byte == _ASCII.carriageReturn
    {
      needsQuotes = true
      break
    }
    guard needsQuotes else { return append(bytes) }
    append(_ASCII.quote)
    var runStart = 0
    for (index, byte) in bytes.enumerated() where byte == _ASCII.quote {
      append(UnsafeRawBufferPointer(rebasing: bytes[runStart...index]))  // the quote, once
      runStart = index  // and again, as the first byte of the next run
    }
    append(UnsafeRawBufferPointer(rebasing: bytes[runStart...]))
    append(_ASCII.quote)
  }
}
