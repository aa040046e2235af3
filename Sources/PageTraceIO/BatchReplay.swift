import Dispatch
import PageTrace

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replays trace files, each as an independent engine, and writes their records in input
/// order — on one core or on several.
///
/// With `jobs > 1` workers replay files into temporary files while the caller's thread
/// copies each finished one to the output in input order, so the output (and every
/// diagnostic) is byte-identical to `jobs == 1`, and memory stays bounded whatever the
/// sizes: nothing is held in memory but one chunk per worker.
///
/// ```swift
/// var options = BatchReplay.Options()
/// options.types = .all
/// options.jobs = 2
/// let summary = try BatchReplay(options).run(["a.jsonl", "b.jsonl"], to: STDOUT_FILENO) {
///   diagnostic in print(diagnostic)
/// }
/// ```
public struct BatchReplay: Sendable {
  /// How to replay.
  public struct Options: Sendable {
    /// Configuration from `--config` and flags, over each file's header.
    public var overrides = ConfigurationPatch()
    /// The record types written.
    public var types: RecordTypes = .transition
    /// Whether a bad line stops the run (`false`) or is reported and skipped (`true`).
    public var skipsBadLines = false
    /// How many files are replayed at once.
    public var jobs = 1
    /// Whether records carry `"file"`: by default, when there is more than one file.
    public var namesFiles: Bool?
    /// A live event count for a progress line, if wanted.
    public var progress: ReplayProgress?
    /// The most sessions per file (``PageControlEngine/maximumSessions``).
    public var maximumSessions = PageControlEngine.defaultMaximumSessions
    /// Reads recordings in another format (CSV, `getevent`, Pointer Events) instead of
    /// traces; each file starts from a fresh copy.
    public var importer: (any LineImporter)?

    /// Creates the default options: transitions only, stop at the first bad line, one job.
    public init() {}
  }

  /// What a run did.
  public struct Summary: Sendable, Hashable {
    /// Lines reported and skipped (with ``Options/skipsBadLines``).
    public var skippedLines = 0
    /// Files that could not be opened or read.
    public var unreadableFiles = 0
    /// Repairs and omissions importers reported (time going backwards, unended strokes).
    public var notes = 0
    /// Lines read (records, in a binary trace), in every file.
    public var lines = 0
    /// Header lines.
    public var headers = 0
    /// Empty or whitespace-only lines.
    public var blankLines = 0
    /// Events a rule used.
    public var eventsApplied = 0
    /// Events every rule ignored (a touch outside both frames, a key without focus, …).
    public var eventsIgnored = 0

    /// In JSON Lines every line is exactly one of: header, blank, applied, ignored, skipped.
    public var accountsForEveryLine: Bool {
      lines == headers + blankLines + eventsApplied + eventsIgnored + skippedLines
    }
    /// Records written.
    public var records = 0
  }

  /// Why a run stopped early.
  public enum Failure: Error, Sendable {
    /// A bad line, with ``Options/skipsBadLines`` off.
    case data(TraceError)
    /// An input could not be opened or read.
    case input(FileError)
    /// Writing the output failed.
    case output(FileError)
  }

  /// The options in use.
  public let options: Options

  /// Creates a replay.
  public init(_ options: Options) { self.options = options }

  /// Replays `files` (`-` is standard input) to `descriptor`, calling `report` with each
  /// diagnostic line (a skipped line, an unreadable file) in input order.
  ///
  /// - Throws: ``Failure`` after every record of earlier lines and files was written.
  public func run(
    _ files: [String], to descriptor: Int32, report: (String) -> Void
  ) throws(Failure) -> Summary {
    let names = options.namesFiles ?? (files.count > 1)
    if options.jobs <= 1 || files.count <= 1 {
      var writer = RecordWriter(descriptor: descriptor, types: options.types)
      var summary = Summary()
      var failure: Failure?
      for file in files {
        writer.fileName = names ? file : nil
        let result = replay(file, into: &writer)
        summary.add(result.summary)
        result.diagnostics.forEach(report)
        if let stop = result.failure {
          failure = stop
          break
        }
      }
      summary.records = writer.recordCount
      do { try writer.flush() } catch { throw .output(error) }
      if let failure { throw failure }
      return summary
    }
    return try runInParallel(files, names: names, to: descriptor, report: report)
  }

  // MARK: One file

  struct FileResult: Sendable {
    var summary = Summary()
    var diagnostics: [String] = []
    var failure: Failure?
  }

  /// Replays one input into `writer`; never throws: what went wrong is in the result.
  func replay(_ file: String, into writer: inout RecordWriter) -> FileResult {
    var result = FileResult()
    var reader: TraceReader
    do {
      if let importer = options.importer {
        reader =
          file == "-"
          ? try TraceReader.standardInput(importer: importer)
          : try TraceReader(path: file, importer: importer)
      } else {
        reader = file == "-" ? try TraceReader.standardInput() : try TraceReader(path: file)
      }
    } catch {
      result.summary.unreadableFiles = 1
      if options.skipsBadLines {
        result.diagnostics.append("pagetrace: error: \(error)")
      } else {
        result.failure = .input(error)
      }
      return result
    }
    var header = ConfigurationPatch()
    var engine: PageControlEngine?
    var uncounted = 0
    defer { options.progress?.add(uncounted) }
    while true {
      do {
        guard let item = try reader.next() else {
          result.summary.lines = reader.lineNumber
          return result
        }
        switch item {
        case .blank:
          result.summary.blankLines += 1
          continue
        case .note(let note):
          result.summary.notes += 1
          result.diagnostics.append(note.description)
        case .header(let patch):
          result.summary.headers += 1
          header = patch
        case .event(let event, let line):
          uncounted += 1
          if uncounted == 4096 {
            options.progress?.add(uncounted)
            uncounted = 0
          }
          if engine == nil {
            let configuration = try header.merging(options.overrides)
              .resolve(file: reader.name, line: line)
            do {
              engine = try PageControlEngine(
                configuration, maximumSessions: options.maximumSessions)
            } catch {
              throw reader.error(for: error)
            }
          }
          do {
            if try engine!.handle(event, emit: { writer.write($0) }) {
              result.summary.eventsApplied += 1
            } else {
              result.summary.eventsIgnored += 1
            }
          } catch {
            throw reader.error(for: error)
          }
        }
      } catch let error as TraceError {
        guard record(error, in: &result) else {
          result.summary.lines = reader.lineNumber
          return result
        }
      } catch let error as FileError {
        result.summary.unreadableFiles += 1
        result.failure = .input(error)
        return result
      } catch {
        preconditionFailure("TraceReader throws TraceError or FileError, not \(error)")
      }
    }
  }

  /// Records a bad line; returns whether to go on.
  private func record(_ error: TraceError, in result: inout FileResult) -> Bool {
    guard options.skipsBadLines else {
      result.failure = .data(error)
      return false
    }
    result.summary.skippedLines += 1
    result.diagnostics.append(error.description)
    return true
  }
}

extension BatchReplay.Summary {
  mutating func add(_ other: Self) {
    skippedLines += other.skippedLines
    unreadableFiles += other.unreadableFiles
    notes += other.notes
    lines += other.lines
    headers += other.headers
    blankLines += other.blankLines
    eventsApplied += other.eventsApplied
    eventsIgnored += other.eventsIgnored
    records += other.records
  }
}
