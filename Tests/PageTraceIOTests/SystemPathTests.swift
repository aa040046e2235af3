import Foundation
import Testing

@testable import PageTraceIO

/// Paths of bytes: shown with each byte that is not part of a UTF-8 character as `\xHH`, and
/// opened by their bytes.
@Suite struct SystemPathTests {
  @Test func aUTF8PathIsShownAsItIs() {
    #expect(SystemPath("traces/café.jsonl").description == "traces/café.jsonl")
    #expect(SystemPath(#"a\xFF.jsonl"#).description == #"a\xFF.jsonl"#)
  }

  @Test func bytesThatAreNotUTF8AreShownInHexadecimal() {
    // "a", é (C3 A9), a lone FF, a cut-off € (E2 82 without its AC), "b".
    let path = SystemPath(bytes: [0x61, 0xC3, 0xA9, 0xFF, 0xE2, 0x82, 0x62])
    #expect(path.description == #"aé\xFF\xE2\x82b"#)
    #expect(path.string == nil)
    // A lone continuation byte, and an over-long encoding of "/" (C0 AF): each byte shown.
    #expect(SystemPath(bytes: [0x80, 0xC0, 0xAF]).description == #"\x80\xC0\xAF"#)
  }

  @Test func aNULEndsThePath() {
    #expect(SystemPath(bytes: [0x61, 0, 0x62]).bytes == [0x61])
  }

  @Test func aFileNamedByBytesThatAreNotUTF8OpensAndNamesItselfEscaped() throws {
    let folder = NSTemporaryDirectory() + "pagetrace-path-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = SystemPath(folder + "/t") + SystemPath(bytes: [0xFE]) + ".jsonl"
    let text = #"{"pagetrace":1,"pages":3}"# + "\n"
    let descriptor = path.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL, 0o600) }
    #expect(descriptor >= 0)
    _ = text.utf8CString.withUnsafeBytes { write(descriptor, $0.baseAddress, text.utf8.count) }
    close(descriptor)
    // The name with U+FFFD in place of FE is another file, which does not exist.
    #expect(!FileManager.default.fileExists(atPath: folder + "/t\u{FFFD}.jsonl"))
    let reader = try TraceReader(opening: path)
    #expect(reader.name == folder + #"/t\xFE.jsonl"#)
    let listed = try TraceReader.traceFiles(inDirectory: SystemPath(folder))
    #expect(listed == [path])
    do {
      _ = try TraceReader(opening: SystemPath(folder + "/none") + SystemPath(bytes: [0xFF]))
      Issue.record("a missing file opened")
    } catch {
      #expect(error.description == folder + #"/none\xFF: No such file or directory"#)
    }
  }
}
