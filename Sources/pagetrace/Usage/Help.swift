import PageTraceIO

// The text of `--help`: its layout, and the exit statuses of each command.

/// Renders the help of a command in the layout swift-argument-parser uses.
func _help(
  overview: String, usage: String, arguments: [(String, String)] = [],
  sections: [(String, [OptionSpec])],
  footer: String = ""
) -> String {
  var text = _wrap("OVERVIEW: \(overview)", width: 80).joined(separator: "\n")
  // Each usage line (`pagetrace …`) wrapped on its own; its continuation lines are indented
  // further, so that a reader (the manual) can tell them from the next usage.
  // An optional part (`[--end <seconds>]`) is never broken.
  func wrapped(_ usage: Substring) -> String {
    var depth = 0
    let kept = String(
      usage.drop { $0 == " " }.map { character -> Character in
        if character == "[" { depth += 1 } else if character == "]" { depth -= 1 }
        return character == " " && depth > 0 ? "\u{A0}" : character
      })
    let lines = _wrap(kept, width: 71).joined(separator: "\n         ")
    return String(lines.map { $0 == "\u{A0}" ? " " : $0 })
  }
  text += "\n\nUSAGE: "
  text += usage.split(separator: "\n").map(wrapped).joined(separator: "\n       ") + "\n"
  if !arguments.isEmpty {
    text += "\nARGUMENTS:\n" + arguments.map { _helpRow($0.0, $0.1) }.joined()
  }
  for (title, specs) in sections {
    text += "\n\(title):\n"
    text += specs.map(_helpRow).joined()
  }
  guard !footer.isEmpty else { return text }
  // The footer is wrapped too: its paragraphs (lines at the margin, up to a blank line) as
  // one text, a heading (a line at the margin ending in ':' that starts no paragraph) and
  // indented lines one by one, continuations indented as their line.
  var lines: [String] = []
  var paragraph: [Substring] = []
  func endParagraph() {
    if !paragraph.isEmpty { lines += _wrap(paragraph.joined(separator: " "), width: 80) }
    paragraph = []
  }
  for line in footer.split(separator: "\n", omittingEmptySubsequences: false) {
    let indent = String(line.prefix { $0 == " " })
    if indent.isEmpty && !line.isEmpty && !(paragraph.isEmpty && line.hasSuffix(":")) {
      paragraph.append(line)
      continue
    }
    endParagraph()
    lines += _wrap(String(line.dropFirst(indent.count)), width: 80 - indent.count).map {
      indent + $0
    }
  }
  endParagraph()
  return text + "\n" + lines.joined(separator: "\n") + "\n"
}

/// The row of an option in a help section: `-o, --output <file>` and its help.
func _helpRow(_ spec: OptionSpec) -> String {
  var left = spec.short.map { "-\($0), " } ?? ""
  left += "--\(spec.name)"
  if let value = spec.value { left += " <\(value)>" }
  return _helpRow(left, spec.help)
}

/// One row of a help section: `left` in a 26-column field after two spaces, `right` wrapped
/// to 52 columns beside it (from the next line when `left` is too wide), so that every line
/// fits in 80 columns.
func _helpRow(_ left: String, _ right: String) -> String {
  let indent = String(repeating: " ", count: 28)
  let lines = _wrap(right, width: 52)
  let head = left.count < 26 ? "  " + left.padding(26) : "  " + left + "\n" + indent
  return head + lines.joined(separator: "\n" + indent) + "\n"
}

/// `text` in lines of at most `width` characters, broken at spaces (a longer word gets a line
/// of its own); a text that fits is left as it is.
func _wrap(_ text: String, width: Int) -> [String] {
  if text.count <= width { return [text] }  // as it is, aligned spaces and all
  var lines: [String] = []
  var line = ""
  for word in text.split(separator: " ") {
    if !line.isEmpty && line.count + word.count + 1 > width {
      lines.append(line)
      line = ""
    }
    line += (line.isEmpty ? "" : " ") + word
  }
  lines.append(line)
  return lines
}

/// The subcommands that take the option `--name`, e.g. `replay` or `replay and classify`;
/// `nil` if none does.
func _commandsTaking(_ name: String) -> String? {
  let owners = PageTraceCLI.commands.filter { $0.specs.contains { $0.name == name } }
  guard let last = owners.last?.name else { return nil }
  let names = owners.map { $0.name }
  return owners.count == 1 ? last : names.dropLast().joined(separator: ", ") + " and " + last
}

/// The subcommands that take the one-letter option `-letter`, as ``_commandsTaking(_:)`` names
/// them; `nil` if none does.
func _commandsTaking(short letter: Character) -> String? {
  let owners = PageTraceCLI.commands.filter { $0.specs.contains { $0.short == letter } }
  guard let last = owners.last?.name else { return nil }
  let names = owners.map { $0.name }
  return owners.count == 1 ? last : names.dropLast().joined(separator: ", ") + " and " + last
}

/// One exit status and what it means, for the help and the manual.
struct ExitStatusItem {
  var status: ExitStatus
  var meaning: String
}

/// The exit statuses of a command that reads traces and writes one output (docs/behaviour/exit-statuses.md,
/// "Exit statuses"), with its own meaning of success and any status `extra` it has; without
/// `input` (generate reads nothing) or `output` (lint has no -o), those statuses go.
func _exitStatuses(
  success: String = "success", extra: ExitStatusItem? = nil, input: Bool = true,
  output: Bool = true
) -> [ExitStatusItem] {
  var statuses = [ExitStatusItem(status: .success, meaning: success)]
  if let extra { statuses.append(extra) }
  statuses.append(ExitStatusItem(status: .usage, meaning: "usage error"))
  if input {
    statuses.append(ExitStatusItem(status: .dataError, meaning: "data error"))
    statuses.append(ExitStatusItem(status: .noInput, meaning: "missing or unreadable input"))
  }
  if output {
    statuses.append(
      ExitStatusItem(status: .cannotCreate, meaning: "cannot create the output file"))
  }
  statuses.append(ExitStatusItem(status: .ioError, meaning: "write error"))
  statuses.append(
    ExitStatusItem(status: .temporaryFailure, meaning: "out of resources, worth retrying"))
  return statuses
}

/// The EXIT STATUS paragraph of a help: `0 success, 64 usage error, …` in lines of whole
/// statuses (never `73` at the end of one line and its meaning on the next).
func _exitStatusHelp(_ statuses: [ExitStatusItem]) -> String {
  var lines = [""]
  for (index, item) in statuses.enumerated() {
    let text = "\(item.status.rawValue) \(item.meaning)" + (index == statuses.count - 1 ? "." : ",")
    if !lines[lines.count - 1].isEmpty && lines[lines.count - 1].count + 1 + text.count > 78 {
      lines.append("")
    }
    lines[lines.count - 1] += (lines[lines.count - 1].isEmpty ? "" : " ") + text
  }
  return "EXIT STATUS:\n" + lines.map { "  " + $0 }.joined(separator: "\n")
}
