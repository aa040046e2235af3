/// A regular file read in ranges, each by a worker of its own (docs/behaviour/replay.md, "Parallel
/// replay of one file"): range `k` holds the lines whose first byte is among the file's bytes
/// `base + k × size ..< base + (k + 1) × size`, so that a worker finds its lines without
/// knowing the ranges before: they start after the first line feed at or after the byte
/// before its range (at its first byte for range 0), and its last line is read to its end,
/// past the range if it must.
struct _FileRanges: Sendable {
  /// The file, open for reading (its reader owns it).
  let descriptor: Int32
  /// Its name in errors.
  let name: String
  /// Where the input starts in the file: 0, or where standard input was when it was opened.
  let base: Int
  /// The bytes of a range, at least 1.
  let size: Int
  /// The longest line accepted.
  let maximumLineLength: Int
  /// The most lines (and failures) a chunk takes from a range: a range of more (lines of
  /// under 16 bytes on average, in ranges of 512 KiB) is finished by the reader's thread, a
  /// chunk at a time, so that memory stays that of the ring whatever the lines.
  let lineLimit: Int

  /// Ranges of `size` bytes of the file open as `descriptor`, from `base`.
  init(descriptor: Int32, name: String, base: Int, size: Int, maximumLineLength: Int) {
    self.descriptor = descriptor
    self.name = name
    self.base = base
    self.size = max(1, size)
    self.maximumLineLength = maximumLineLength
    lineLimit = max(16, min(self.size / 16, 1 << 15))
  }

  /// The bytes read past a range at first, for the end of its last line.
  static let margin = 4096
}

extension _LineChunk {
  /// Fills the chunk with the lines of range `sequence` of `file`, exactly as
  /// ``LineReader/next()`` hands them out: a `\r` before the line feed removed, the byte order
  /// mark of line 1 skipped, a line over the limit a failure of its own (its bytes let go),
  /// the last line without a line feed. Numbers start at 1 (``numberBase`` makes them the
  /// trace's). The chunk is the last when the file ends in its range or its last line, or a
  /// read fails (the failure is then its last item). After ``_FileRanges/lineLimit`` lines
  /// the chunk ends early, with ``resume`` where the next line starts: filled again from
  /// there, it goes on with the range.
  func fill(range sequence: Int, from resume: Int? = nil, of file: _FileRanges) {
    reset()
    firstNumber = 1
    self.sequence = sequence
    let low = file.base + sequence * file.size
    let high = low + file.size
    let delta = resume ?? (sequence == 0 ? low : low - 1)
    var reading = _RangeReading(delta: delta)
    reading.read(self, file, upTo: high - reading.delta + _FileRanges.margin)
    var start = 0  // where the line starts in the buffer
    if sequence > 0 && resume == nil {
      // The first line starts after the first line feed in low - 1 ..< high - 1; with none
      // there, no line starts in the range. The range is the last if the file ends by its
      // end (lines may start after it: they are the next range's).
      let searched = min(reading.available, file.size)
      guard searched > 0, let found = _System.find(0x0A, in: bytes, count: searched) else {
        finish(reading, ends: reading.atEnd && reading.delta + reading.available <= high)
        return
      }
      start = bytes.distance(to: found) + 1
    }
    var scan = start  // where the search for a line feed resumes
    var ends = false
    let first = sequence == 0 && resume == nil  // line 1 may start with a byte order mark
    while start + reading.delta < high {
      if count == file.lineLimit {
        self.resume = start + reading.delta
        break
      }
      if scan < reading.available,
        let found = _System.find(0x0A, in: bytes + scan, count: reading.available - scan)
      {
        let newline = bytes.distance(to: found)
        appendLine(from: start, to: newline, first: first, file)
        start = newline + 1
        scan = start
        continue
      }
      scan = reading.available
      if reading.atEnd {  // the file ends (or a read failed: the line it cuts short is dropped)
        if reading.failure == nil && start < reading.available {
          appendLine(from: start, to: reading.available, first: first, file)
        }
        ends = true
        break
      }
      if reading.available - start > file.maximumLineLength + 1 {
        appendLineTooLong()
        guard let next = reading.skipLine(at: start, self, file, before: high - 1) else {
          ends = reading.atEnd
          break
        }
        start = next
        scan = start
        continue
      }
      // More of the line, up to the limit + 2 bytes (`available - start` is at most the
      // limit + 1 here, so at least one byte more is asked for).
      let total = min(
        reading.available + max(1 << 16, reading.available - start),
        start + file.maximumLineLength + 2)
      reading.read(self, file, upTo: total)
    }
    finish(reading, ends: ends)
  }

  /// Ends the filling; `ends` if no line starts after the chunk's. A chunk to be resumed is
  /// not the last, even after a failed read: its lines come first, and the read is tried
  /// again from ``resume``. Otherwise a failed read is the last item, numbered as the line
  /// before, and the chunk is the last.
  private func finish(_ reading: _RangeReading, ends: Bool) {
    lineCount = count
    if resume != nil {
      isLast = false
      return
    }
    if let failure = reading.failure {
      _storeFailure(failure, number: lineCount, at: count)
      count += 1
    }
    isLast = ends || reading.failure != nil
    if isLast { endLineNumber = lineCount }
  }

  /// Adds the line at buffer bytes `start..<stop` (its line feed excluded), or its failure if
  /// it is too long, as ``LineReader`` does; `first` if the range is the input's first, whose
  /// first line may start with a byte order mark.
  @inline(__always)
  private func appendLine(from start: Int, to stop: Int, first: Bool, _ file: _FileRanges) {
    var start = start
    var stop = stop
    if stop > start && bytes.load(fromByteOffset: stop - 1, as: UInt8.self) == 0x0D { stop -= 1 }
    if stop - start > file.maximumLineLength {
      appendLineTooLong()
      return
    }
    if first && count == 0 && stop - start >= 3
      && bytes.load(fromByteOffset: start, as: UInt8.self) == 0xEF
      && bytes.load(fromByteOffset: start + 1, as: UInt8.self) == 0xBB
      && bytes.load(fromByteOffset: start + 2, as: UInt8.self) == 0xBF
    {
      start += 3
    }
    (spans + count).initialize(to: Span(start: start, count: stop - start))
    count += 1
  }

  /// Adds a line too long: a failure whose error the reader's thread makes. (Out of line: a
  /// rare path, which inlined made the loop over a range's lines dearer:
  /// Benchmarks/HISTORY-2026-11.md, "Issue 24, ninth round: the two targets left, taken apart".)
  @inline(never)
  private func appendLineTooLong() {
    _storeFailure(nil, number: firstNumber + count, at: count)
    count += 1
  }
}

/// A worker's reading of its range, into its chunk's buffer: buffer byte `i` is the file's
/// byte `delta + i`.
struct _RangeReading {
  /// The file offset of the buffer's first byte (moved on when a line too long is let go).
  var delta: Int
  /// How many bytes of the buffer hold the file's.
  var available = 0
  /// Whether the file ended, or a read failed, at `delta + available`.
  var atEnd = false
  /// Why the last read failed.
  var failure: FileError?

  /// Reads the file's bytes until the buffer holds `total` (it grows as needed), the file
  /// ends or a read fails. (Out of line: a call for 64 KiB or more, which inlined made the
  /// loop over the lines dearer.)
  @inline(never)
  mutating func read(_ chunk: _LineChunk, _ file: _FileRanges, upTo total: Int) {
    if total > chunk.capacity {
      chunk.grow(to: max(total, 2 * chunk.capacity), used: available)
    }
    while available < total && !atEnd {
      do throws(FileError) {
        var wanted = total - available
        if let failing = _ReadFaults.failingOffset(of: file.name),
          delta + available + wanted > failing
        {
          guard delta + available < failing else {
            throw FileError(.readFailed, path: file.name, code: _System.inputOutputError)
          }
          wanted = failing - (delta + available)
        }
        let count = try _System.read(
          file.descriptor, into: chunk.bytes + available, count: wanted,
          at: delta + available, name: file.name)
        if count == 0 { atEnd = true } else { available += count }
      } catch {
        failure = error
        atEnd = true
      }
    }
  }

  /// Lets go of the line at buffer byte `start`, too long: reads over its bytes (into the
  /// buffer from `start` on) to its line feed. Returns where the next line starts in the
  /// buffer, or `nil` if no line feed comes before the file's byte `limit` (the next line, if
  /// any, starts in a later range) or the file ends.
  mutating func skipLine(
    at start: Int, _ chunk: _LineChunk, _ file: _FileRanges, before limit: Int
  ) -> Int? {
    var scan = start
    while true {
      if scan < available,
        let found = _System.find(0x0A, in: chunk.bytes + scan, count: available - scan)
      {
        return chunk.bytes.distance(to: found) + 1
      }
      if atEnd || delta + available >= limit { return nil }
      // What was read of the line is let go: the buffer from `start` on takes what follows.
      delta += available - start
      available = start
      scan = start
      read(chunk, file, upTo: start + (1 << 16))
    }
  }
}
