import Foundation
import Testing

/// Every Swift sample of the documentation (README.md, docs/, the DocC catalogs, the doc
/// comments) is a function of `Examples/DocSamples/main.swift`, written by
/// `.ci/generate-doc-samples.py`: the package builds it, so a sample that does not compile
/// fails the build; these tests keep the file in step with the docs and run every sample.
@Suite struct DocSamplesTests {
  /// The committed file is what the script writes from the docs as they are now: a sample
  /// edited (or moved) without regenerating fails here.
  @Test(needsProgram("python3")) func theCompiledSamplesAreTheDocsSamples() throws {
    let run = try runProgram(
      requiredProgram("python3"),
      [repository.appendingPathComponent(".ci/generate-doc-samples.py").path, "--check"])
    #expect(run.status == 0, "\(run.stderr)")
  }

  /// Each sample runs without throwing, in a folder holding the files the doc comments name
  /// (`trace.jsonl`, `phone.json`, …, and `Traces/`), except those marked
  /// `// Compiled, not run:`.
  @Test func everySampleRuns() throws {
    let folder = try scratch()
    let traces = repository.appendingPathComponent("Traces")
    let manager = FileManager.default
    let copies = [
      "trace.jsonl": "tap.jsonl", "trace": "tap.jsonl", "session.jsonl": "tap.jsonl",
      "a.jsonl": "tap.jsonl", "b.jsonl": "scrub.jsonl", "traces/tap.jsonl": "tap.jsonl",
      "phone.json": "examples/phone.json", "user0.csv": "examples/touches.csv",
    ]
    try manager.createDirectory(
      at: folder.appendingPathComponent("traces"), withIntermediateDirectories: true)
    for (name, source) in copies {
      try manager.copyItem(
        at: traces.appendingPathComponent(source), to: folder.appendingPathComponent(name))
    }
    try manager.createSymbolicLink(
      at: folder.appendingPathComponent("Traces"), withDestinationURL: traces)
    // SystemPath's sample opens a name that is not UTF-8: out\xFE.jsonl.
    let bytes = Array(folder.path.utf8) + Array("/out".utf8) + [0xFE] + Array(".jsonl\0".utf8)
    let descriptor = bytes.withUnsafeBufferPointer {
      $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) }
    }
    #expect(descriptor >= 0)
    close(descriptor)
    // BinaryTraceReader's sample reads a binary trace.
    let convert = try pagetrace(
      ["convert", traces.appendingPathComponent("tap.jsonl").path, "-o", "trace.pgtrace"],
      in: folder)
    #expect(convert.status == 0, "\(convert.stderr)")

    let samples = executable.deletingLastPathComponent().appendingPathComponent("doc-samples")
    let run = try runProgram(samples.path, [], in: folder)
    let source = try String(
      contentsOf: repository.appendingPathComponent("Examples/DocSamples/main.swift"),
      encoding: .utf8)
    let runnable = source.components(separatedBy: "\nfailures += _run(").count - 1
    #expect(runnable > 50)
    #expect(run.status == 0, "\(run.stdout.suffix(2000))\(run.stderr)")
    #expect(run.stdout.hasSuffix("0 of \(runnable) samples failed\n"))
  }
}
