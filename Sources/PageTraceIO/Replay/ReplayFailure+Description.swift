extension ReplayFailure: CustomStringConvertible {
  /// Why the replay stopped, with the underlying error's description: the located data error
  /// itself (`trace.jsonl:3:7: expected …, found …`), or `cannot read the input: PATH:
  /// MESSAGE`, `cannot write the output: PATH: MESSAGE`, `short of resources: PATH: MESSAGE`.
  ///
  /// ```swift
  /// if let failure = outcome.failure { print("stopped:", failure) }
  /// // stopped: cannot read the input: trace.jsonl: No such file or directory
  /// ```
  public var description: String {
    switch self {
    case .data(let error): error.description
    case .input(let error): "cannot read the input: \(error)"
    case .output(let error): "cannot write the output: \(error)"
    case .resources(let error): "short of resources: \(error)"
    }
  }
}
