// make-binary-seed IN.jsonl OUT
//
// Converts a JSON Lines trace to the binary format with BinaryTraceWriter (as
// `pagetrace convert` does) and writes it to OUT without its first 8 bytes (the magic
// `PGTRACE\0`), which FuzzBinary puts back in front of every input.
import PageTrace
import PageTraceIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
  print("usage: make-binary-seed IN.jsonl OUT")
  exit(64)
}

var template = Array("/tmp/make-binary-seed-XXXXXX".utf8CString)
let scratch = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
guard scratch >= 0 else { fatalError("mkstemp failed") }
_ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }

do {
  var reader = try TraceReader(opening: arguments[1])
  var writer = BinaryTraceWriter(descriptor: SystemDescriptor(rawValue: scratch), name: "scratch")
  var wroteAnything = false
  while let item = try reader.next() {
    switch item {
    case .header(let patch):
      writer.writeHeader(patch)
      wroteAnything = true
    case .event(let event, _):
      writer.write(event)
      wroteAnything = true
    case .blank, .note:
      break
    }
  }
  if !wroteAnything { writer.writeHeader(ConfigurationPatch()) }
  try writer.finish()
} catch {
  print("make-binary-seed: \(arguments[1]): \(error)")
  exit(65)
}

// Copy everything after the magic.
let size = Int(lseek(scratch, 0, SEEK_END))
var bytes = [UInt8](repeating: 0, count: size)
let read = bytes.withUnsafeMutableBytes { pread(scratch, $0.baseAddress!, size, 0) }
guard read == size, size >= 8, Array(bytes[0..<8]) == BinaryTraceReader.magic else {
  fatalError("unexpected binary output")
}
let output = open(arguments[2], O_WRONLY | O_CREAT | O_TRUNC, 0o644)
guard output >= 0 else { fatalError("cannot create \(arguments[2])") }
let written = bytes.withUnsafeBytes { write(output, $0.baseAddress! + 8, size - 8) }
guard written == size - 8, close(output) == 0 else { fatalError("cannot write \(arguments[2])") }
