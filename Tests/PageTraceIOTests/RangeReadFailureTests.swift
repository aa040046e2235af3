import PageTrace
import PageTraceGenerator
import PageTraceIO
import PageTraceTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A read that fails partway through a file whose ranges workers read (docs/behaviour/replay.md,
/// "Parallel replay of one file"): the input ends with the failure, after lines the workers
/// read whole, each what the serial reader hands out at that number, and nothing waits
/// forever. A regular file cannot be made to fail here, so the workers are told to fail from
/// a byte on (`_ReadFaults`, as a damaged disk would, EIO); the serial
/// reader reads the whole file, the independent expectation.
@Suite struct RangeReadFailureTests {
  @Test func aFailedReadEndsTheInputAfterLinesReadWhole() throws {
    let path = try OneFileParallelTests.generated(events: 3000, seed: 5, sessions: 2)
    defer { unlink(path) }
    let bytes = contents(of: path)
    // Where each line ends (its line feed), by number: line n ends at `ends[n - 1]`.
    let ends = bytes.indices.filter { bytes[$0] == 0x0A }
    #expect(ends.count > 3000 && ends.last! == bytes.count - 1)
    var serial = try TraceReader(opening: path)
    var expected: [(item: TraceItem, line: Int)] = []
    while let item = try serial.next() { expected.append((item, serial.lineNumber)) }

    let seed = UInt64(truncatingIfNeeded: Int.random(in: 1...Int.max))
    print("RangeReadFailureTests.aFailedReadEndsTheInputAfterLinesReadWhole seed \(seed)")
    var random = SplitMix64(seed: seed)
    let offsets =
      [0, 1, ends[10], ends[10] + 1, bytes.count - 1]
      + (0..<30).map { _ in
        Int(random.next() % UInt64(bytes.count))
      }
    let margin = 4096  // what a worker reads past its range at first
    for failing in offsets {
      for rangeSize in [700, 4096, 1 << 16] {
        let context = "seed \(seed), failing at \(failing), ranges of \(rangeSize)"
        var parallel = try TraceReader(opening: path)
        _ReadFaults.failReads(of: parallel.name, from: failing)
        defer { _ReadFaults.clear(parallel.name) }
        let isParallel = parallel._decodeInParallel(threads: 3, chunkSize: rangeSize)
        let readsRanges = parallel._readsFileRanges
        #expect(isParallel && readsRanges, "\(context)")
        var count = 0
        var failure: (any Error)?
        while true {
          do {
            guard let item = try parallel.next() else { break }
            guard count < expected.count else {
              Issue.record("more items than the file has: \(context)")
              break
            }
            #expect(item == expected[count].item, "item \(count): \(context)")
            #expect(parallel.lineNumber == expected[count].line, "item \(count): \(context)")
            count += 1
          } catch {
            failure = error
            // Numbered as the line before it, as the serial reader numbers a failed read.
            let before = count == 0 ? 0 : expected[count - 1].line
            #expect(parallel.lineNumber == before, "\(context)")
            break
          }
        }
        // The failure, once, naming the file; then the input's end.
        let fileError = failure as? FileError
        #expect(fileError?.kind == .readFailed && fileError?.code == EIO, "\(context)")
        #expect(fileError?.path == path, "\(context)")
        let after = Result { try parallel.next() }
        var ended = false
        if case .success(nil) = after { ended = true }
        #expect(ended, "\(context): \(after)")
        // Only lines read whole, up to their line feed, before the failing byte; and every line
        // that ends more than the 4 KiB a worker reads past its range before that byte.
        let last = count == 0 ? 0 : expected[count - 1].line
        #expect(last == 0 || ends[last - 1] < failing, "\(context)")
        let surely = ends.filter { $0 + margin < failing }.count
        #expect(last >= surely, "\(context): \(last) lines, at least \(surely)")
      }
    }
  }
}
