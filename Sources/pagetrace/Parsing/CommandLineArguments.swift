import PageTraceIO

/// One option a subcommand accepts.
struct OptionSpec {
  /// Its name, the key the command reads its value by (`options[.emit]`).
  var option: OptionName
  /// A one-letter alias, e.g. `o` for `-o`.
  var short: Character?
  /// The placeholder of its value, or `nil` for a flag without a value.
  var value: String?
  /// The values it takes when they are a fixed set, offered by the completion scripts
  /// (`--generate-completion-script`). A value named `file` is completed with file names.
  var choices: [String]?
  /// One line of help; empty for a `--no-<flag>`, which the help and the manual show with
  /// its flag.
  var help: String

  init(
    name: OptionName, short: Character? = nil, value: String? = nil, choices: [String]? = nil,
    help: String
  ) {
    self.option = name
    self.short = short
    self.value = value
    self.choices = choices
    self.help = help
  }

  /// The long name without dashes, e.g. `emit`.
  var name: String { option.rawValue }
}

/// The options and positional arguments of one command line, parsed by hand with the
/// conventions of swift-argument-parser: `--name value`, `--name=value`, `-o value`,
/// `--` ends the options, `-` alone is a positional (standard input).
struct CommandLineArguments {
  /// Options in the order given, with their values.
  private(set) var options: [(name: String, value: String?)] = []
  /// Everything that is not an option.
  private(set) var positionals: [String] = []
  /// The bytes of each option's value as `argv` held them (``options``' values are strings,
  /// where bytes that are not UTF-8 became U+FFFD), by the option's index.
  private var valueBytes: [Int: [UInt8]] = [:]
  /// The bytes of each positional argument as `argv` held them.
  private var positionalBytes: [[UInt8]] = []

  /// Parses `arguments` against `specs`; unknown options are usage errors that suggest
  /// the closest known one. When `arguments` is a slice of `CommandLine.arguments`, paths
  /// keep the bytes of `argv` (``path(_:)``, ``positionalPaths``).
  init(_ arguments: ArraySlice<String>, specs: [OptionSpec]) throws(CommandFailure) {
    var rest = arguments[...]
    while let index = rest.indices.first {
      let argument = rest.removeFirst()
      let bytes = _argumentBytes(at: index, as: argument)
      if argument == "--" {
        for index in rest.indices {
          positionals.append(rest[index])
          positionalBytes.append(_argumentBytes(at: index, as: rest[index]))
        }
        break
      }
      guard argument.hasPrefix("-"), argument != "-" else {
        positionals.append(argument)
        positionalBytes.append(bytes)
        continue
      }
      var name: String
      var inlineValue: String?
      var inlineBytes: ArraySlice<UInt8>?
      if argument.hasPrefix("--") {
        name = String(argument.dropFirst(2))
        if let equals = name.firstIndex(of: "=") {
          inlineValue = String(name[name.index(after: equals)...])
          name = String(name[..<equals])
          inlineBytes = bytes.firstIndex(of: UInt8(ascii: "=")).map { bytes[($0 + 1)...] }
        }
      } else {
        // `-o value`, `-ovalue` (`-j2`), `-o=value` (`-j=2`) for a valued short option.
        let letters = argument.dropFirst()
        guard let spec = specs.first(where: { $0.short == letters.first }),
          letters.count == 1 || spec.value != nil
        else {
          throw Self.unknown(argument, specs: specs)
        }
        name = spec.name
        if letters.count > 1 {
          let attached = letters.dropFirst()
          inlineValue = String(attached.first == "=" ? attached.dropFirst() : attached)
          // `-` and the letter are one byte each.
          let after = bytes.dropFirst(2)
          inlineBytes = after.first == UInt8(ascii: "=") ? after.dropFirst() : after
        }
      }
      guard let spec = specs.first(where: { $0.name == name }) else {
        throw Self.unknown(argument, specs: specs)
      }
      if let placeholder = spec.value {
        if inlineValue != nil {
          valueBytes[options.count] = Array(inlineBytes ?? [])
        } else if let next = rest.indices.first {
          valueBytes[options.count] = _argumentBytes(at: next, as: rest[next])
        }
        guard let value = inlineValue ?? rest.popFirst() else {
          throw CommandFailure(
            status: .usage,
            message: "missing value for '--\(name) <\(placeholder)>'"
              + (spec.choices.map { ": expected \(_alternatives($0))" } ?? ""))
        }
        options.append((name, value))
      } else {
        if inlineValue != nil {
          throw CommandFailure(status: .usage, message: "'--\(name)' takes no value")
        }
        options.append((name, nil))
      }
    }
  }

  /// Whether a flag was given.
  func has(_ name: OptionName) -> Bool { options.contains { $0.name == name.rawValue } }

  /// The last value given for an option.
  subscript(_ name: OptionName) -> String? {
    options.last { $0.name == name.rawValue }?.value
  }

  /// Every value given for an option, in order (`--emit`, `--session`, `--disable`, which may
  /// be repeated).
  func values(_ name: OptionName) -> [String] {
    options.compactMap { $0.name == name.rawValue ? $0.value : nil }
  }

  /// The last value given for an option that names a file, with the bytes `argv` held.
  func path(_ name: OptionName) -> SystemPath? {
    guard let index = options.lastIndex(where: { $0.name == name.rawValue }),
      let value = options[index].value
    else { return nil }
    return SystemPath(bytes: valueBytes[index] ?? Array(value.utf8))
  }

  /// Every value given for an option, in order, with the bytes `argv` held (`--glob`, which
  /// may be repeated and matches file names by their bytes).
  func paths(_ name: OptionName) -> [SystemPath] {
    options.indices.compactMap { index in
      guard options[index].name == name.rawValue, let value = options[index].value else {
        return nil
      }
      return SystemPath(bytes: valueBytes[index] ?? Array(value.utf8))
    }
  }

  /// The positional arguments as paths, with the bytes `argv` held.
  var positionalPaths: [SystemPath] { positionalBytes.map { SystemPath(bytes: $0) } }

  /// Options that were renamed, with their new names: the error says so rather than guess.
  static let renamed = [
    "progress":
      "the auto-advance timer is now '--timer'; '--no-progress' hides the progress line"
  ]

  private static func unknown(_ argument: String, specs: [OptionSpec]) -> CommandFailure {
    let bare = String(argument.drop { $0 == "-" }.prefix { $0 != "=" })
    if let note = renamed[bare], specs.contains(where: { $0.option == .noProgress }) {
      return CommandFailure(status: .usage, message: "unknown option '\(argument)': \(note)")
    }
    var message = "unknown option '\(argument)'"
    // A one-letter slip first (`--sessions` for `--session`), then an option of other
    // subcommands named as theirs (`stats --emit`), then any likely typo.
    let names = specs.map(\.name)
    if let suggestion = _closest(to: bare, in: names, maximumDistance: 1) {
      message += "; did you mean '--\(suggestion)'?"
    } else if argument.hasPrefix("--"), let owners = _commandsTaking(bare) {
      message += "; '--\(bare)' is an option of \(owners)"
    } else if let suggestion = _closest(to: bare, in: names) {
      message += "; did you mean '--\(suggestion)'?"
    }
    return CommandFailure(status: .usage, message: message)
  }
}

/// The bytes of `argv[index]` when `argument` is what `CommandLine.arguments` made of them
/// (bytes that are not UTF-8 become U+FFFD there), else `argument`'s own (an argument list
/// the tool made itself, such as `help CMD`'s).
func _argumentBytes(at index: Int, as argument: String) -> [UInt8] {
  guard index >= 0, index < Int(CommandLine.argc), let pointer = CommandLine.unsafeArgv[index]
  else { return Array(argument.utf8) }
  let bytes = Array(UnsafeRawBufferPointer(start: pointer, count: _System.length(pointer)))
  return String(decoding: bytes, as: UTF8.self) == argument ? bytes : Array(argument.utf8)
}
