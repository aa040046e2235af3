import PageTraceAnalysis

/// The manual page of `pagetrace --generate-manual`, `pagetrace.1` in mdoc, written from the
/// declarations the help is written from (``PageTraceCLI/commands``, ``Command``): every
/// option from the tables the parser reads, each command's overview, usages and arguments, and
/// the exit statuses of ``PageTraceCLI/exitStatuses``. docs/pagetrace.1 is its output, kept equal
/// to it by a test.
enum Manual {
  /// The date on the page, changed with the version.
  static let date = "November 25, 2026"

  /// Options shared by several subcommands, described once in a section of their own.
  static let groups: [(title: String, intro: String, specs: [OptionSpec])] = [
    (
      "INPUT OPTIONS",
      "The subcommands that read traces take these options, with the same meaning everywhere.",
      InputFlags.specs
    ),
    (
      "OTHER FORMATS",
      "With --from, a subcommand reads recordings of another format instead of traces; these options describe the recording.",
      ImportFlags.specs
    ),
    (
      "CONFIGURATION FLAGS",
      "Every configuration key as a flag, over the --config file, over each trace's header; when a flag is given twice the later one counts. A boolean flag alone sets true and --no-flag sets false; a frame is x,y,width,height or a JSON object.",
      ConfigurationFlags.specs(inLint: true)
    ),
  ]

  static func page() -> String {
    var page = """
      .\\" The manual of pagetrace, written by `pagetrace --generate-manual`: do not edit.
      .\\" After changing an option or a help: swift run pagetrace --generate-manual > docs/pagetrace.1
      .Dd \(date)
      .Dt PAGETRACE 1
      .Os
      .Sh NAME
      .Nm pagetrace
      .Nd replay page-control traces and write the page transitions
      .Sh SYNOPSIS

      """
    for command in PageTraceCLI.commands {
      for usage in command.usage { page += synopsis(usage) }
    }
    page += ".Nm\n.Cm help\n.Ar subcommand\n"
    for spec in PageTraceCLI.specs where spec.option != .help {
      page += ".Nm\n.Fl -\(spec.name)" + (spec.value.map { " Ar \($0)" } ?? "") + "\n"
    }

    page += ".Sh DESCRIPTION\n" + text(PageTraceCLI.overview) + "\n"
    page += "This page describes version \(PageTraceCLI.version).\n.Pp\n"
    page += "Its subcommands, each described in a section of its own below:\n"
    page += ".Bl -tag -width classify\n"
    for command in PageTraceCLI.commands {
      page += ".It Cm \(command.name)\n" + text(command.summary) + "\n"
    }
    page += ".It Cm help Ar subcommand\n"
    page += "Show the help of a subcommand, as does\n.Nm Ar subcommand Fl -help .\n.El\n"
    page += ".Pp\nThe options of\n.Nm\nitself:\n" + list(PageTraceCLI.specs)

    for command in PageTraceCLI.commands {
      page += section(command)
    }
    for group in groups {
      page += ".Sh \(group.title)\n" + text(group.intro) + "\nTaken by\n"
      let users = PageTraceCLI.commands.filter { takes(group.specs, $0) }.map { $0.name }
      for (index, name) in users.enumerated() {
        let separator = index == users.count - 1 ? " ." : index == users.count - 2 ? "\nand" : " ,"
        page += ".Cm \(name)\(separator)\n"
      }
      page += list(group.specs)
    }

    page += """
      .Sh ENVIRONMENT
      .Bl -tag -width Ds
      .It Ev TMPDIR
      The folder of the temporary files of the
      .Fl -jobs
      workers, for what they write past 64 MiB held in memory (removed from the folder as
      soon as they are made);
      .Pa /tmp
      when unset.
      .El
      .Sh FILES
      .Bl -tag -width Ds
      .It Pa .FILE.pagetrace-XXXXXX
      The temporary file that
      .Fl o Ar FILE
      is written to, in FILE's folder, and renamed over FILE when the run succeeds.
      .It Pa FILE.partial
      What a run that failed had written before it stopped;
      FILE keeps its old content.
      .El
      .Sh EXIT STATUS
      .Bl -tag -width Ds

      """
    // The last meaning ends the list with a period, as it ends the help's paragraph.
    for (index, item) in PageTraceCLI.exitStatuses.enumerated() {
      let end = index == PageTraceCLI.exitStatuses.count - 1 ? "." : ""
      page += ".It \(item.status.rawValue)\n" + text(item.meaning + end) + "\n"
    }
    page += ".El\n"
    page += """
      .Sh EXAMPLES
      Replay a trace and write its page transitions:
      .Dl pagetrace replay Traces/tap.jsonl
      Every record type of two traces, into one file:
      .Dl pagetrace replay --emit all day1.jsonl day2.jsonl -o out.jsonl
      Report bad lines and go on, but exit 65 at the end if there were any:
      .Dl pagetrace replay --on-error skip --strict big.jsonl
      A realistic trace of a million events, then the same trace in the binary format:
      .Dl pagetrace generate --events 1000000 --seed 7 -o synthetic.jsonl
      .Dl pagetrace convert synthetic.jsonl -o synthetic.ptrace
      Completion in the running bash, and this page:
      .Dl source <(pagetrace --generate-completion-script bash)
      .Dl pagetrace --generate-manual > pagetrace.1
      .Sh SEE ALSO
      .Xr bash 1 ,
      .Xr fish 1 ,
      .Xr zsh 1
      .Pp
      In the PageTrace repository,
      .Pa docs/behaviour/README.md
      describes every rule, record, option and exit status, and
      .Pa docs/binary-format.md
      the binary trace format.

      """
    return page
  }

  /// Whether a command takes every option of a group.
  static func takes(_ group: [OptionSpec], _ command: any Command.Type) -> Bool {
    group.allSatisfy { spec in command.specs.contains { $0.name == spec.name } }
  }

  /// A subcommand's section: its usage, overview, arguments and the options that are its
  /// own; the groups it takes whole are referred to.
  static func section(_ command: any Command.Type) -> String {
    var text = ".Sh PAGETRACE \(command.name.uppercased())\n"
    text += command.usage.map(synopsis).joined(separator: ".br\n")
    text += ".Pp\n" + self.text(command.overview) + "\n"
    let shared = groups.filter { takes($0.specs, command) }
    let own = command.specs.filter { spec in
      !shared.contains { $0.specs.contains { $0.name == spec.name } }
    }
    let arguments = command.arguments.map { name, meaning in
      ".It Ar \(name.dropFirst().dropLast())\n" + self.text(meaning) + "\n"
    }
    text += ".Bl -tag -width Ds\n" + arguments.joined() + items(own) + ".El\n"
    text += command.manualNotes
    if !shared.isEmpty {
      text += ".Pp\nIt also takes the options of\n"
      for (index, group) in shared.enumerated() {
        let separator =
          index == shared.count - 1 ? " ." : index == shared.count - 2 ? "\nand" : " ,"
        text += ".Sx \"\(group.title)\"\(separator)\n"
      }
    }
    return text
  }

  /// A list of options.
  static func list(_ specs: [OptionSpec]) -> String {
    ".Bl -tag -width Ds\n" + items(specs) + ".El\n"
  }

  /// The items of a list of options; `--no-<flag>` goes with `--<flag>`.
  static func items(_ specs: [OptionSpec]) -> String {
    var text = ""
    for spec in specs {
      let negation = specs.first { $0.name == "no-" + spec.name && $0.help.isEmpty }
      if spec.help.isEmpty && spec.name.hasPrefix("no-")
        && specs.contains(where: { "no-" + $0.name == spec.name })
      {
        continue
      }
      var item = ".It Fl " + (spec.short.map { "\($0) , -" } ?? "-") + spec.name
      if let negation { item += " , -" + negation.name }
      if let value = spec.value { item += " Ar " + value }
      text += item + "\n" + self.text(spec.help) + "\n"
    }
    return text
  }

  /// A usage line of a help, `pagetrace convert [<file>] [-o <file>]`, as mdoc.
  static func synopsis(_ usage: String) -> String {
    var lines: [String] = []
    var group: [String]?
    for (index, word) in usage.split(separator: " ").enumerated() {
      var word = Substring(word)
      let opens = word.hasPrefix("[")
      let closes = word.hasSuffix("]")
      if opens { word = word.dropFirst() }
      if closes { word = word.dropLast() }
      let macro: String
      if index == 0 {
        macro = "Nm"
      } else if index == 1 {
        macro = "Cm " + word
      } else if word.hasPrefix("<") && word.hasSuffix(">") {
        macro = "Ar " + word.dropFirst().dropLast()
      } else if word.hasPrefix("-") {
        macro = "Fl " + word.dropFirst()
      } else if word == "..." {
        macro = "..."
      } else {
        macro = "Cm " + word
      }
      if opens { group = [] }
      if group != nil {
        group!.append(macro)
      } else {
        lines.append("." + macro)
      }
      if closes, let words = group {
        lines.append(".Op " + words.joined(separator: " "))
        group = nil
      }
    }
    return lines.map { $0 + "\n" }.joined()
  }

  /// Text lines: backslashes escaped, other characters than ASCII as `\[uXXXX]`, each
  /// sentence on a line of its own, lines wrapped at 80 columns (never after a period, which
  /// would end a sentence), and a leading `.` or `'` kept from being read as a request.
  static func text(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      if scalar == "\\" {
        escaped += "\\e"
      } else if scalar.isASCII {
        escaped.unicodeScalars.append(scalar)
      } else {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        escaped += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      }
    }
    var lines: [String] = []
    var line = ""
    var endsSentence = false
    for word in escaped.split(separator: " ") {
      let startsSentence = endsSentence && word.first?.isUppercase == true
      let breaks = !line.isEmpty && line.count + 1 + word.count > 80 && !line.hasSuffix(".")
      if startsSentence || breaks {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
      endsSentence = word.hasSuffix(".") || word.hasSuffix("?") || word.hasSuffix("!")
    }
    lines.append(line)
    return lines.map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : $0 }
      .joined(separator: "\n")
  }
}
