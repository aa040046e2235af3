/// A path as the system takes it: bytes, which need not be UTF-8 (a Linux file name is any
/// bytes but `/` and NUL), in the manner of swift-system's `FilePath`.
///
/// A Swift `String` cannot hold bytes that are not UTF-8 (`CommandLine.arguments` turns them
/// into U+FFFD, so `out\xFE.jsonl` would name another file); a path from `argv` or a
/// directory listing is kept as a `SystemPath`, and opened by its bytes. In messages and
/// records it is shown by ``description``: as it is when it is UTF-8, else with each byte
/// that is not part of a UTF-8 character written `\xHH`, as ripgrep and `git` show them
/// (docs/behaviour/commands.md, "File names").
///
/// ```swift
/// let path = SystemPath(bytes: Array("out".utf8) + [0xFE] + Array(".jsonl".utf8))
/// print(path)  // out\xFE.jsonl
/// var reader = try TraceReader(opening: path)
/// ```
public struct SystemPath: Hashable, Sendable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The path's bytes, without a terminating NUL.
  public let bytes: [UInt8]

  /// The path of a string's UTF-8 bytes.
  public init(_ string: String) { bytes = Array(string.utf8) }

  /// The path of `bytes` (a NUL, which no path holds, ends it).
  public init(bytes: some Sequence<UInt8>) {
    self.bytes = Array(bytes.prefix { $0 != 0 })
  }

  /// The path of a string literal's UTF-8 bytes.
  public init(stringLiteral value: String) { self.init(value) }

  /// `-`, which commands read as standard input and write as standard output.
  public static let standardStream: SystemPath = "-"

  /// The path as a string, if its bytes are UTF-8.
  public var string: String? { String(validating: bytes, as: UTF8.self) }

  /// Whether the path is empty.
  public var isEmpty: Bool { bytes.isEmpty }

  /// The path for messages: as it is when it is UTF-8; else each byte that is not part of a
  /// UTF-8 character is written `\xHH` (two upper-case hexadecimal digits).
  public var description: String {
    if let string { return string }
    var text = ""
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        text.unicodeScalars.append(Unicode.UTF8.decode(encoded))
        offset += encoded.count
      case .error(let length):
        for byte in bytes[offset..<offset + length] { text += "\\x" + _hex(byte) }
        offset += length
      case .emptyInput:
        return text
      }
    }
  }

  /// `self` followed by `other`.
  public static func + (path: SystemPath, other: SystemPath) -> SystemPath {
    SystemPath(bytes: path.bytes + other.bytes)
  }

  /// Whether the path ends with `suffix`'s bytes.
  public func hasSuffix(_ suffix: String) -> Bool {
    bytes.reversed().starts(with: suffix.utf8.reversed())
  }

  /// Calls `body` with the path as a NUL-terminated C string.
  func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
    try (bytes + [0]).withUnsafeBufferPointer {
      try $0.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
    }
  }
}
