import PageTrace

// Entry points beside ``TraceDecoder/decode(_:lineNumber:)-(UnsafeRawBufferPointer,_)`` for a
// line held as a string, an array or a span of bytes.
extension TraceDecoder {
  /// Decodes one line held in a string (without its line terminator).
  ///
  /// ```swift
  /// var decoder = TraceDecoder(file: "<live>")
  /// let item = try decoder.decode(#"{"t": 0.5, "touch": "down", "id": 1, "x": 20, "y": 795}"#,
  ///   lineNumber: 1)
  /// ```
  ///
  /// - Throws: ``TraceError`` naming the line and column of the first problem.
  public mutating func decode(_ line: String, lineNumber: Int) throws(TraceError) -> TraceItem {
    var line = line
    return try line.withUTF8 { bytes in
      Result { () throws(TraceError) in
        try decode(UnsafeRawBufferPointer(bytes), lineNumber: lineNumber)
      }
    }.get()
  }

  /// Decodes one line held as UTF-8 bytes (without its line terminator).
  ///
  /// - Throws: ``TraceError`` naming the line and column of the first problem.
  public mutating func decode(_ line: [UInt8], lineNumber: Int) throws(TraceError) -> TraceItem {
    try line.withUnsafeBytes { bytes in
      Result { () throws(TraceError) in try decode(bytes, lineNumber: lineNumber) }
    }.get()
  }

  /// Decodes one line held as UTF-8 bytes in a span (without its line terminator).
  ///
  /// - Throws: ``TraceError`` naming the line and column of the first problem.
  public mutating func decode(
    _ line: Span<UInt8>, lineNumber: Int
  ) throws(TraceError) -> TraceItem {
    try line.withUnsafeBytes { bytes in
      Result { () throws(TraceError) in try decode(bytes, lineNumber: lineNumber) }
    }.get()
  }
}
