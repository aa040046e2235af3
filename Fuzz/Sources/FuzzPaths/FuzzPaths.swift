// FuzzPaths: the input is a path's bytes, as `argv` or a directory listing may hold them.
// `SystemPath` keeps them, shows them in messages (UTF-8 as it is, any other byte `\xHH`), and
// the checks that inputs make without opening them (`stat`) take them; nothing may trap.
import PageTraceIO

/// libFuzzer's entry point: runs one input; returns 0 (a bug traps instead).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let kept = Array(bytes.prefix { $0 != 0 })  // a NUL ends a path
  let path = SystemPath(bytes: bytes)
  if path.bytes != kept { fatalError("SystemPath kept \(path.bytes), not \(kept)") }
  let shown = path.description
  if let text = String(validating: kept, as: UTF8.self) {
    if shown != text { fatalError("the UTF-8 path \(text) is shown as \(shown)") }
  } else {
    if path.string != nil { fatalError("a path that is not UTF-8 has a string") }
    // Undoing the escapes gives the bytes back, unless the bytes hold the text `\x` themselves
    // (shown as it is, so the two read the same: messages are for reading).
    if !kept.indices.contains(where: {
      kept[$0] == 0x5C && $0 + 1 < kept.count && kept[$0 + 1] == 0x78
    }) {
      let back = unescaped(shown)
      if back != kept { fatalError("\(kept) is shown as \(shown), which reads back as \(back)") }
    }
    if shown.unicodeScalars.contains("\u{FFFD}")
      && !kept.indices.contains(where: { Array(kept[$0...].prefix(3)) == [0xEF, 0xBF, 0xBD] })
    {
      fatalError("\(kept) is shown with U+FFFD: \(shown)")
    }
  }
  // Checks by `stat` alone: a path of any bytes (too long, a loop of links, a device) is an
  // error or a yes, never a trap. Nothing is opened or created.
  _ = TraceReader.isDirectory(path)
  _ = try? TraceReader.checkReadable(path)
  return 0
}

/// `text` with each `\xHH` turned back into the byte HH, and every other character into its
/// UTF-8 bytes.
private func unescaped(_ text: String) -> [UInt8] {
  let utf8 = Array(text.utf8)
  var bytes: [UInt8] = []
  var index = 0
  while index < utf8.count {
    if utf8[index] == 0x5C, index + 3 < utf8.count, utf8[index + 1] == 0x78,
      let high = hexDigit(utf8[index + 2]), let low = hexDigit(utf8[index + 3])
    {
      bytes.append(high << 4 | low)
      index += 4
    } else {
      bytes.append(utf8[index])
      index += 1
    }
  }
  return bytes
}

private func hexDigit(_ byte: UInt8) -> UInt8? {
  switch byte {
  case 0x30...0x39: byte - 0x30
  case 0x41...0x46: byte - 0x41 + 10
  default: nil
  }
}
