import PageTrace

// Entry points beside ``ConfigurationPatch/init(json:file:line:)`` for text held as a string,
// an array or a span of bytes.
extension ConfigurationPatch {
  /// Parses one JSON object of configuration keys held in a string
  /// (``init(json:file:line:)-(UnsafeRawBufferPointer,_,_)``).
  ///
  /// ```swift
  /// let patch = try ConfigurationPatch(
  ///   json: #"{"pages": 8, "control": {"x": 0, "y": 780, "width": 390, "height": 30}}"#)
  /// ```
  ///
  /// - Parameters:
  ///   - json: The JSON text, possibly over several lines.
  ///   - file: The name used in errors.
  ///   - line: The line number of the first line.
  public init(json: String, file: String = "<string>", line: Int = 1) throws(TraceError) {
    var json = json
    self = try json.withUTF8 { bytes in
      Result { () throws(TraceError) in
        try ConfigurationPatch(json: UnsafeRawBufferPointer(bytes), file: file, line: line)
      }
    }.get()
  }

  /// Parses one JSON object of configuration keys held as UTF-8 bytes
  /// (``init(json:file:line:)-(UnsafeRawBufferPointer,_,_)``).
  public init(json: [UInt8], file: String = "<bytes>", line: Int = 1) throws(TraceError) {
    self = try json.withUnsafeBytes { bytes in
      Result { () throws(TraceError) in try ConfigurationPatch(json: bytes, file: file, line: line)
      }
    }.get()
  }

  /// Parses one JSON object of configuration keys held as UTF-8 bytes in a span
  /// (``init(json:file:line:)-(UnsafeRawBufferPointer,_,_)``).
  public init(json: Span<UInt8>, file: String = "<bytes>", line: Int = 1) throws(TraceError) {
    self = try json.withUnsafeBytes { bytes in
      Result { () throws(TraceError) in try ConfigurationPatch(json: bytes, file: file, line: line)
      }
    }.get()
  }
}
