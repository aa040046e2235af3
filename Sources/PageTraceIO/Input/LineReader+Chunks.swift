/// Filling the chunks of a parallel read (``_ChunkPipeline``) straight from the input: the
/// bytes are read into the chunk itself and its lines found there, without handing out
/// lines one by one or copying them, with exactly the lines, numbers and errors of
/// ``LineReader/next()``: a `\r` before the line feed removed, the byte order mark of line 1
/// skipped, a line over the limit reported at its number and skipped without being kept, the
/// last line without a line feed, a damaged gzip stream reported at the line it cuts short.
extension LineReader {
  /// The ranges of `size` bytes of the input, for workers reading it each on its own, if it is
  /// a regular file, not compressed, of which no line was read yet; `nil` otherwise. The input
  /// starts where the reader started reading: the bytes it read already (to find the
  /// format) are read again.
  func _fileRanges(size: Int) -> _FileRanges? {
    guard !source.isGzip, lineNumber == 0, lineStart == 0, !skipping, _readsRegularFile else {
      return nil
    }
    let base = _System.offset(of: source.descriptor) - end
    guard base >= 0 else { return nil }
    return _FileRanges(
      descriptor: source.descriptor, name: name, base: base, size: max(1, size),
      maximumLineLength: maximumLineLength)
  }

  /// Reads lines into `filling` until the chunk holds about its target of bytes, or its
  /// most lines; returns whether the input ended (at its end, at a damaged gzip stream or a
  /// failed read). The reader's errors become items of their own. An unfinished line is kept
  /// in the reader's buffer, and starts the next chunk.
  mutating func _fill(_ filling: inout _LineChunk.Filling, of chunk: _LineChunk) -> Bool {
    // The bytes kept: those read to find the format, or the unfinished line of the last
    // chunk.
    let kept = end - lineStart
    if kept > 0 {
      filling.reserve(kept, in: chunk)
      filling.bytes.copyMemory(from: buffer + lineStart, byteCount: kept)
      filling.used = kept
    }
    lineStart = 0
    scanStart = 0
    end = 0
    var start = 0  // where the current line starts in the chunk
    var scan = 0  // where the search for a line feed resumes
    var ended = false
    var skipped = 0  // bytes of a line too long let go in this chunk
    while true {
      while filling.count < filling.itemCapacity, scan < filling.used,
        let found = _System.find(0x0A, in: filling.bytes + scan, count: filling.used - scan)
      {
        let newline = filling.bytes.distance(to: found)
        if skipping {
          skipping = false
        } else {
          lineNumber += 1
          appendLine(from: start, to: newline, &filling, of: chunk)
        }
        start = newline + 1
        scan = start
      }
      if filling.count == filling.itemCapacity { break }
      scan = filling.used
      if atEndOfInput {
        if skipping {
          skipping = false
        } else if start < filling.used {
          lineNumber += 1
          appendLine(from: start, to: filling.used, &filling, of: chunk)
        }
        start = filling.used
        ended = true
        break
      }
      var endsChunk = false
      if !skipping && filling.used - start > maximumLineLength + 1 {
        lineNumber += 1
        skipping = true
        chunk.appendFailure(tooLong(), number: lineNumber, &filling)
        endsChunk = true  // handed out now: a replay that stops there reads no further
      }
      if skipping {  // what was read of a line too long is let go
        skipped += filling.used - start
        filling.used = start
        scan = start
        // The chunk ends every target's worth of bytes let go, so that a stop is heard
        // between chunks: otherwise a line too long would be read to its end first (a gzip
        // bomb of one endless line, decompressed whole).
        if skipped >= filling.byteTarget { endsChunk = true }
      }
      if endsChunk { break }
      if filling.used >= filling.byteTarget && start > 0 { break }
      if filling.capacity - filling.used < 4096 {
        if start > 0 { break }  // the chunk is full; the unfinished line starts the next one
        filling.reserve(max(filling.capacity, 1 << 16), in: chunk)  // one line, up to the limit
      }
      let count: Int
      do {
        count = try source.read(
          into: filling.bytes + filling.used, count: min(filling.capacity - filling.used, chunkSize)
        )
      } catch let damage as _GzipDamage {
        // The input ends; the line it cuts short is dropped.
        let partial = skipping ? 0 : filling.used - start
        let column = _characterColumn(
          UnsafeRawBufferPointer(start: filling.bytes + start, count: partial), partial)
        lineNumber += 1
        skipping = false
        atEndOfInput = true
        chunk.appendFailure(
          TraceError(
            file: name, line: lineNumber, column: column, expected: damage.expected,
            found: damage.found), number: lineNumber, &filling)
        start = filling.used
        ended = true
        break
      } catch {
        chunk.appendFailure(error, number: lineNumber, &filling)
        start = filling.used
        ended = true
        break
      }
      if count == 0 { atEndOfInput = true } else { filling.used += count }
    }
    // The unfinished line goes back to the reader's buffer.
    let unfinished = filling.used - start
    if unfinished > 0 {
      if unfinished > capacity { grow(to: unfinished) }
      buffer.copyMemory(from: filling.bytes + start, byteCount: unfinished)
      end = unfinished
    }
    filling.used = start
    return ended
  }

  /// Adds the line at chunk bytes `start..<stop` (its line feed excluded), numbered
  /// ``lineNumber``, as ``next()`` would hand it out, or its error if it is too long.
  @inline(__always)
  private func appendLine(
    from start: Int, to stop: Int, _ filling: inout _LineChunk.Filling, of chunk: _LineChunk
  ) {
    var start = start
    var stop = stop
    let bytes = filling.bytes
    if stop > start && bytes.load(fromByteOffset: stop - 1, as: UInt8.self) == 0x0D { stop -= 1 }
    if stop - start > maximumLineLength {
      chunk.appendFailure(tooLong(), number: lineNumber, &filling)
      return
    }
    if lineNumber == 1 && stop - start >= 3
      && bytes.load(fromByteOffset: start, as: UInt8.self) == 0xEF
      && bytes.load(fromByteOffset: start + 1, as: UInt8.self) == 0xBB
      && bytes.load(fromByteOffset: start + 2, as: UInt8.self) == 0xBF
    {
      start += 3
    }
    assert(lineNumber == chunk.firstNumber + filling.count, "a chunk's lines are numbered in a row")
    filling.appendLine(start: start, count: stop - start)
  }
}
