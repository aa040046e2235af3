import Dispatch
import PageTrace

extension BatchReplay {
  /// One file's slot: its temporary output, its result, and a signal when it is done.
  private final class Slot: @unchecked Sendable {
    // Written by one worker before `done.signal()`, read by the caller after `done.wait()`.
    var result = FileResult()
    var diagnostics: [String] = []
    var output: Int32 = -1
    let done = DispatchSemaphore(value: 0)
  }

  /// Hands out file indices to workers, in order.
  private final class Cursor: @unchecked Sendable {
    private var next = 0
    private let lock = DispatchSemaphore(value: 1)
    private let count: Int
    init(count: Int) { self.count = count }
    func take() -> Int? {
      lock.wait()
      defer { lock.signal() }
      guard next < count else { return nil }
      next += 1
      return next - 1
    }
    /// Hands out nothing more; returns how many indices were handed out.
    func stop() -> Int {
      lock.wait()
      defer { lock.signal() }
      let started = next
      next = count
      return started
    }
  }

  func runInParallel(
    _ files: [String], names: Bool, to descriptor: Int32, name: String,
    report: (String) -> Void
  ) throws(Failure) -> Summary {
    if options.format == .csv {  // one header row, at the top; workers write rows only
      var header = RecordWriter(
        descriptor: descriptor, name: name, format: .csv, types: options.types)
      header.fileName = names ? TraceReader.displayName(of: files[0]) : nil
      header.writesKeys = options.writesKeys
      header.writeHeader()
      do throws(FileError) { try header.flush() } catch { throw .output(error) }
    }
    let slots = files.map { _ in Slot() }
    let cursor = Cursor(count: files.count)
    let group = DispatchGroup()
    let replay = self
    for _ in 0..<min(options.jobs, files.count) {
      DispatchQueue.global().async(group: group) {
        while let index = cursor.take() {
          let slot = slots[index]
          slot.output = _temporaryFile()
          if slot.output >= 0 {
            var writer = RecordWriter(
              descriptor: slot.output, name: "temporary file in $TMPDIR",
              format: replay.options.format, types: replay.options.types)
            writer.fileName = names ? TraceReader.displayName(of: files[index]) : nil
            writer.writesKeys = options.writesKeys
            slot.result = replay.replay(files[index], into: &writer) { slot.diagnostics.append($0) }
            slot.result.summary.records = writer.recordCount
            do throws(FileError) { try writer.flush() } catch {
              slot.result.failure = .output(error)
            }
          } else {
            slot.result.failure = .output(
              FileError(.writeFailed, path: "temporary file", code: _System.errorNumber))
          }
          slot.done.signal()
        }
      }
    }
    var summary = Summary()
    var failure: Failure?
    var started = slots.count  // after a failure: only the files a worker took
    for (index, slot) in slots.enumerated() where index < started {
      slot.done.wait()
      if failure == nil {
        if slot.output >= 0, let error = _copy(from: slot.output, to: descriptor, name: name) {
          failure = .output(error)
          started = cursor.stop()  // nothing more can be written: start no other file
        }
        summary.add(slot.result.summary)
        slot.diagnostics.forEach(report)
        if let stop = slot.result.failure, failure == nil {
          failure = stop
          started = cursor.stop()  // files not started yet are never replayed
        }
      }
      if slot.output >= 0 { _System.close(slot.output) }
    }
    group.wait()
    if let failure { throw failure }
    return summary
  }
}

/// An unnamed temporary file (unlinked at once), or -1.
private func _temporaryFile() -> Int32 {
  let directory = _System.environment("TMPDIR") ?? "/tmp"
  guard let file = _System.createUnique(prefix: directory + "/pagetrace-") else { return -1 }
  _System.unlink(file.path)
  return file.descriptor
}

/// Copies a whole file from its start to `output`; returns the error, if any.
private func _copy(from input: Int32, to output: Int32, name: String) -> FileError? {
  guard _System.rewind(input) else {
    return FileError(.readFailed, path: "temporary file", code: _System.errorNumber)
  }
  let size = 1 << 20
  let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
  defer { buffer.deallocate() }
  do {
    while true {
      let count = try _System.read(input, into: buffer, count: size, name: "temporary file")
      if count == 0 { return nil }
      try _System.writeAll(output, from: buffer, count: count, name: name)
    }
  } catch {
    return error
  }
}
