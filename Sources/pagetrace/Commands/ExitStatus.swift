import PageTraceIO

/// The exit statuses of `pagetrace`, from BSD `sysexits.h` where one fits.
enum ExitStatus: Int32 {
  /// Success.
  case success = 0
  /// `lint` found something.
  case findings = 1
  /// The command line is wrong (`EX_USAGE`).
  case usage = 64
  /// The input data is wrong: bad JSON, a missing field, time going backwards (`EX_DATAERR`).
  case dataError = 65
  /// An input file is missing or unreadable (`EX_NOINPUT`).
  case noInput = 66
  /// The output file cannot be created (`EX_CANTCREAT`).
  case cannotCreate = 73
  /// Writing the output failed (`EX_IOERR`).
  case ioError = 74
  /// The system ran short of descriptors, memory or room for temporary files
  /// (`EX_TEMPFAIL`): the same run may succeed when tried again.
  case temporaryFailure = 75
}

/// An error that ends the command with a status and a message for standard error.
struct CommandFailure: Error {
  var status: ExitStatus
  var message: String
  /// Whether the message already says where (`FILE:LINE:COLUMN: …`) and is printed as is.
  var isLocated = false
  /// A line printed after the message, e.g. where the output produced so far was kept.
  var note: String?
  /// Whether the problem was already reported on standard error (only the note is printed).
  var isReported = false
  /// For bad data, the error, so that a hint can say what the input seems to be instead.
  var dataError: TraceError?
}

extension CommandFailure {
  /// The exit status and message of a replay that stopped early: 65 (located) for bad data,
  /// 66 for an unreadable input, 74 for a write failure, 75 for a resource shortage.
  init(_ failure: ReplayFailure) {
    switch failure {
    case .data(let error):
      self.init(status: .dataError, message: error.description, isLocated: true)
      dataError = error
    case .input(let error) where error.isResourceShortage, .resources(let error):
      self.init(shortage: error)
    case .input(let error): self.init(status: .noInput, message: error.description)
    case .output(let error): self.init(status: .ioError, message: error.description)
    }
  }

  /// Exit 75 for a resource the system ran short of (``FileError/isResourceShortage``), with
  /// a word that trying again may help.
  init(shortage error: FileError) {
    self.init(
      status: .temporaryFailure,
      message: "\(error) (the system ran short of a resource; the run may succeed if tried again)"
    )
  }
}
