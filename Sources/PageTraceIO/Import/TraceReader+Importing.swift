import PageTrace

/// Importer plumbing: with an importer (`--from csv` …), text lines go through it instead of
/// the decoder, its events are numbered as a trace's are, and every line is accounted for
/// (``ReplaySummary``).
extension TraceReader {

  mutating func nextImported(into event: inout EngineEvent) throws -> TraceItemKind? {
    guard let item = try nextImported() else { return nil }
    switch item {
    case .blank, .header: preconditionFailure("importers make events and notes only")
    case .note(let note):
      importedNote = note
      return .note
    case .event(let imported, let line):
      // An importer's names obey the same bound as a trace's (docs/behaviour/limits.md, "Limits").
      func check(_ name: String?, _ what: StaticString) throws(TraceError) {
        guard let length = name?.utf8.count, length > TraceDecoder.maximumNameLength else { return }
        throw TraceError(
          file: self.name, line: line, column: 1,
          expected: "a \(what) of at most \(TraceDecoder.maximumNameLength) bytes",
          found: "\(length) bytes")
      }
      try check(imported.session, "session name")
      try check(imported.touchName, "string touch id")
      event = decoder.number(imported)
      return .event
    }
  }

  /// Counts a note of the importer for the accounting of its line.
  private static func count(_ note: ImportNote, added: inout Int, drops: inout [String]) {
    switch note.kind {
    case .eventAdded: added += 1
    case .sampleDropped: drops.append(note.reason)
    case .information: break
    }
  }

  private mutating func nextImported() throws -> TraceItem? {
    guard format == .jsonLines else {
      guard !importFinished else { return nil }
      importFinished = true  // reported once; the input then ends (no skip loop can spin)
      throw TraceError(
        file: name, line: 1, column: 1, expected: "a text recording for the importer",
        found: "a binary trace")
    }
    var importer = self.importer.take()!
    var items = imported
    defer {
      self.importer = importer
      imported = items
    }
    while importedIndex == items.count {
      items.removeAll(keepingCapacity: true)
      importedIndex = 0
      if importFinished { return nil }
      lastLine = UnsafeRawBufferPointer(start: nil, count: 0)
      guard let line = try lines?.next() ?? nil else {
        importFinished = true
        let last = lineNumber
        let heldBefore = importer.linesHeldBack
        var made = 0
        var added = 0
        var drops: [String] = []
        do {
          try importer.finish {
            made += 1
            items.append(.event($0, line: last))
          } note: {
            Self.count($0, added: &added, drops: &drops)
            items.append(.note($0))
          }
        } catch {
          // The replay counts one line skipped as bad; the other rows held back are lost.
          importTally.lose(heldBefore - importer.linesHeldBack - 1)
          throw error
        }
        importTally.conclude(
          lines: heldBefore - importer.linesHeldBack, blank: false, made: made, added: added,
          drops: drops)
        continue
      }
      lastLine = line.bytes
      lineNumber = line.number
      let heldBefore = importer.linesHeldBack
      var made = 0
      var added = 0
      var drops: [String] = []
      do {
        try importer.decode(line.bytes, line: line.number, file: name) {
          made += 1
          items.append(.event($0, line: line.number))
        } note: {
          Self.count($0, added: &added, drops: &drops)
          items.append(.note($0))
        }
      } catch {
        // The replay counts this line as skipped; rows held back with it are lost.
        importTally.lose(heldBefore - importer.linesHeldBack)
        throw error
      }
      importTally.conclude(
        lines: 1 + heldBefore - importer.linesHeldBack,
        blank: line.bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }, made: made,
        added: added, drops: drops)
    }
    importedIndex += 1
    return items[importedIndex - 1]
  }
}
