import PageTrace
import Testing

@testable import PageTraceIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Issue 22: every public error of PageTraceIO reads well when printed. Expected strings are
/// written by hand (the system's text for ENOENT is glibc's and Darwin's).
@Suite struct ErrorDescriptionTests {
  static let missing = FileError(.notFound, path: "trace.jsonl", code: ENOENT)
  static let located = TraceError(
    file: "<stdin>", line: 3, column: 7, expected: #"a number for "t""#, found: #""soon""#)

  @Test func traceAndFileErrors() {
    #expect("\(Self.located)" == #"<stdin>:3:7: expected a number for "t", found "soon""#)
    #expect("\(Self.missing)" == "trace.jsonl: No such file or directory")
    #expect(
      "\(FileError(.writeFailed, path: "<stdout>", code: EPIPE, message: "Broken pipe"))"
        == "<stdout>: Broken pipe")
  }

  @Test func replayFailures() {
    #expect(
      "\(ReplayFailure.data(Self.located))"
        == #"<stdin>:3:7: expected a number for "t", found "soon""#)
    #expect(
      "\(ReplayFailure.input(Self.missing))"
        == "cannot read the input: trace.jsonl: No such file or directory")
    let full = FileError(
      .writeFailed, path: "out.jsonl", code: ENOSPC, message: "No space left on device")
    #expect(
      "\(ReplayFailure.output(full))"
        == "cannot write the output: out.jsonl: No space left on device")
    #expect(
      "\(ReplayFailure.resources(full))" == "short of resources: out.jsonl: No space left on device"
    )
  }

  @Test func configurationFileErrors() {
    #expect(
      "\(ConfigurationFileError.unreadable(Self.missing))"
        == "trace.jsonl: No such file or directory")
    #expect(
      "\(ConfigurationFileError.invalid(Self.located))"
        == #"<stdin>:3:7: expected a number for "t", found "soon""#)
  }

  @Test func outputOpenErrors() {
    #expect(
      "\(OutputFile.OpenError.sameAsInput(output: "a.jsonl", input: "a.jsonl"))"
        == "a.jsonl: the output is also an input; write to another file")
    #expect(
      "\(OutputFile.OpenError.sameAsInput(output: "a.jsonl", input: "./a.jsonl"))"
        == "a.jsonl: the output is the same file as the input ./a.jsonl; write to another file")
    let denied = FileError(
      .openFailed, path: "/out.jsonl", code: EACCES, message: "Permission denied")
    #expect("\(OutputFile.OpenError.cannotCreate(denied))" == "/out.jsonl: Permission denied")
  }
}
