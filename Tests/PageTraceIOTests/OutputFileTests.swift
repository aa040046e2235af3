import Foundation
import Testing

@testable import PageTraceIO

/// The one output sink: a file is replaced only on success, never one of the inputs.
@Suite struct OutputFileTests {
  static let root: String = {
    let root =
      NSTemporaryDirectory() + "pagetrace-output-\(ProcessInfo.processInfo.processIdentifier)"
    try? FileManager.default.removeItem(atPath: root)
    atexit { try? FileManager.default.removeItem(atPath: OutputFileTests.root) }
    return root
  }()

  /// A fresh folder in one folder per test process, removed when the process ends.
  func folder() throws -> String {
    let path = Self.root + "/" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  func contents(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
  }

  func names(in folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
  }

  @Test func aCommittedFileIsReplacedAndNoTemporaryFileRemains() throws {
    let folder = try folder()
    let path = folder + "/out.jsonl"
    try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
    var output = try OutputFile(path: path, inputs: [])
    output.write("new\n")
    #expect(contents(path) == "old\n")  // nothing visible before the commit
    try output.commit()
    #expect(contents(path) == "new\n")
    #expect(try names(in: folder) == ["out.jsonl"])
  }

  @Test func anAbandonedRunKeepsTheOldFileAndThePartialOutput() throws {
    let folder = try folder()
    let path = folder + "/out.jsonl"
    try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
    var output = try OutputFile(path: path, inputs: [])
    output.write("produced before the error\n")
    #expect(output.abandon() == path + ".partial")
    #expect(contents(path) == "old\n")
    #expect(contents(path + ".partial") == "produced before the error\n")
    #expect(try names(in: folder) == ["out.jsonl", "out.jsonl.partial"])
    // Nothing produced: no partial file either.
    let empty = try OutputFile(path: folder + "/other.jsonl", inputs: [])
    #expect(empty.abandon() == nil)
    #expect(try names(in: folder) == ["out.jsonl", "out.jsonl.partial"])
  }

  @Test func theOutputMayNotBeAnInputUnderAnyName() throws {
    let folder = try folder()
    let input = folder + "/in.jsonl"
    try "{}\n".write(toFile: input, atomically: false, encoding: .utf8)
    try FileManager.default.linkItem(atPath: input, toPath: folder + "/link.jsonl")
    for output in [
      input, folder + "/link.jsonl",
      folder + "/../" + URL(fileURLWithPath: folder).lastPathComponent + "/in.jsonl",
    ] {
      #expect {
        _ = try OutputFile(path: output, inputs: ["a.jsonl", input])
      } throws: { error in
        guard case OutputFile.OpenError.sameAsInput(_, let name) = error else { return false }
        return name == input
      }
    }
    #expect(contents(input) == "{}\n")
    #expect(try names(in: folder) == ["in.jsonl", "link.jsonl"])
  }

  @Test func aDeviceIsWrittenDirectlyAndItsWriteErrorsNameIt() throws {
    var output = try OutputFile(path: "/dev/full", inputs: [])
    output.write("x\n")
    do {
      try output.commit()
      Issue.record("committing to /dev/full succeeded")
    } catch {
      #expect(error.kind == .writeFailed)
    }
    var second = try OutputFile(path: "/dev/full", inputs: [])
    second.write("x\n")
    do {
      try second.flush()
      Issue.record("writing /dev/full succeeded")
    } catch {
      #expect(error.description == "/dev/full: No space left on device")
    }
    _ = second.abandon()
  }

  @Test func aFolderThatDoesNotExistCannotBeCreated() throws {
    #expect {
      _ = try OutputFile(path: "/nonexistent-folder/out.jsonl", inputs: [])
    } throws: { error in
      guard case OutputFile.OpenError.cannotCreate(let cause) = error else { return false }
      return cause.path == "/nonexistent-folder/out.jsonl"
    }
  }
}
