import PageTrace
import PageTraceIO

/// Every configuration key as a command-line flag (docs/behaviour/, "Configuration keys",
/// "Interaction constants" and "Configuration flags"): `--pages 8`, `--control 0,780,390,30`,
/// `--voice-over` / `--no-voice-over`, `--scrub-delay 0.2`.
///
/// Each flag becomes a one-key JSON object parsed by ``ConfigurationPatch``, so flags,
/// `--config` files and headers share one vocabulary and one validation.
enum ConfigurationFlags {
  /// (flag, configuration key, kind, help): ``ConfigurationKey/all``.
  static var table: [(flag: String, key: String, kind: ConfigurationKey.Kind, help: String)] {
    ConfigurationKey.all.map { ($0.flag, $0.name, $0.kind, $0.summary) }
  }

  /// The values of the string keys that take one of a fixed set, by flag.
  static let choices: [String: [String]] = Dictionary(
    uniqueKeysWithValues: ConfigurationKey.all.compactMap { key in
      key.choices.map { (key.flag, $0) }
    })

  /// The option specs: a valued option per key, and `--no-KEY` for booleans; the lint-only
  /// ones (``lintOnly``) only for `lint`, the one command they change anything for.
  static func specs(inLint: Bool = false) -> [OptionSpec] {
    table.filter { inLint || !lintOnly.contains($0.flag) }.flatMap { entry -> [OptionSpec] in
      switch entry.kind {
      case .bool:
        [
          OptionSpec(name: OptionName(entry.flag), help: entry.help),
          OptionSpec(name: OptionName("no-" + entry.flag), help: ""),
        ]
      case .frame: [OptionSpec(name: OptionName(entry.flag), value: "x,y,w,h", help: entry.help)]
      case .number: [OptionSpec(name: OptionName(entry.flag), value: "n", help: entry.help)]
      case .string:
        [
          OptionSpec(
            name: OptionName(entry.flag), value: "name", choices: choices[entry.flag],
            help: entry.help)
        ]
      case .progress:
        [OptionSpec(name: OptionName(entry.flag), value: "seconds|json", help: entry.help)]
      }
    }
  }

  /// The flags that matter only to `lint` (they change no behaviour).
  static let lintOnly: Set<String> = ["placement"]

  /// The flags a command's help lists: one line per key (`--no-<flag>` is mentioned in the
  /// section's title).
  static func shownSpecs(inLint: Bool = false) -> [OptionSpec] {
    specs(inLint: inLint).filter { !$0.name.hasPrefix("no-") }
  }

  /// The patch the configuration flags of a command line describe, in order (later wins).
  static func patch(from arguments: CommandLineArguments) throws(CommandFailure)
    -> ConfigurationPatch
  {
    var patch = ConfigurationPatch()
    for (name, value) in arguments.options {
      let negated = name.hasPrefix("no-")
      let flag = negated ? String(name.dropFirst(3)) : name
      guard let entry = table.first(where: { $0.flag == flag }) else { continue }
      let json: String
      switch entry.kind {
      case .bool: json = negated ? "false" : "true"
      case .number: json = value ?? ""
      case .string: json = JSONText.string(value ?? "")
      case .frame:
        let parts = (value ?? "").split(separator: ",", omittingEmptySubsequences: false)
        if value?.hasPrefix("{") == true {
          json = value!
        } else if flag == "control" && (value == "none" || value == "null") {
          json = "null"  // content mode (docs/behaviour/pointer-and-content-swipe.md)
        } else if parts.count == 4 {
          json =
            "{\"x\":\(parts[0]),\"y\":\(parts[1]),\"width\":\(parts[2]),\"height\":\(parts[3])}"
        } else {
          throw CommandFailure(
            status: .usage,
            message:
              "invalid value for '--\(flag)': expected x,y,width,height, found '\(value ?? "")'")
        }
      case .progress:
        json = value?.hasPrefix("{") == true ? value! : "{\"duration\":\(value ?? "")}"
      }
      if json.hasPrefix("{"), let error = _jsonValueError(json, name: "--\(flag)") {
        throw CommandFailure(
          status: .usage,
          message:
            "invalid value for '--\(flag)': malformed JSON at column \(error.column): expected \(error.expected), found \(error.found)"
        )
      }
      var object = "{\"\(entry.key)\":\(json)}"
      let parsed = object.withUTF8 { bytes in
        Result { () throws(TraceError) in
          try ConfigurationPatch(json: UnsafeRawBufferPointer(bytes), file: "--\(flag)")
        }
      }
      switch parsed {
      case .success(let flagPatch): patch.merge(flagPatch)
      case .failure(let error):
        throw CommandFailure(
          status: .usage,
          message:
            "invalid value for '--\(flag)': expected \(error.expected), found '\(value ?? "")'"
            + (choices[flag].map { _didYouMean(value ?? "", in: $0) } ?? ""))
      }
    }
    return patch
  }
}
