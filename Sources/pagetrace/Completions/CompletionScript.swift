/// The completion scripts of `pagetrace --generate-completion-script bash|zsh|fish`, written
/// from the option tables: the subcommands, each one's options (long, short and the
/// `--no-<flag>` of booleans), files for arguments and `file` values, and the `choices` of an
/// option where its table lists them. Values nobody can guess (a number, a name) are left to
/// the user.
enum CompletionScript {
  typealias CommandType = any Command.Type

  /// The subcommands, then `help`.
  static var subcommandNames: [String] { PageTraceCLI.commands.map { $0.name } + ["help"] }

  static let helpSummary = "Show the help of a subcommand."

  /// How the value of an option is completed.
  enum Value: Equatable {
    /// A flag: no value.
    case none
    /// File names.
    case file
    /// One of these words.
    case choices([String])
    /// Anything: nothing is offered.
    case free
  }

  static func value(of spec: OptionSpec) -> Value {
    guard let placeholder = spec.value else { return .none }
    if let choices = spec.choices { return .choices(choices) }
    return placeholder == "file" ? .file : .free
  }

  /// `--output` and `-o`.
  static func words(of spec: OptionSpec) -> [String] {
    ["--" + spec.name] + (spec.short.map { ["-\($0)"] } ?? [])
  }

  /// What a `--no-<flag>` says, when its table leaves its help empty.
  static func help(of spec: OptionSpec) -> String {
    spec.help.isEmpty && spec.name.hasPrefix("no-")
      ? "The opposite of --\(spec.name.dropFirst(3))." : spec.help
  }

  // MARK: - bash

  static func bash() -> String {
    var script = #"""
      #!/bin/bash
      # Bash completion for pagetrace, written by `pagetrace --generate-completion-script bash`.
      # In this shell:     source <(pagetrace --generate-completion-script bash)
      # In every new one:  pagetrace --generate-completion-script bash \
      #                      > ~/.local/share/bash-completion/completions/pagetrace

      # Adds to COMPREPLY the words of `compgen ARGUMENTS` that complete ${cur}.
      __pagetrace_add() {
          local word
          while IFS='' read -r word; do
              COMPREPLY+=("${prefix}${word}")
          done < <(compgen "$@" -- "${cur}")
      }

      __pagetrace_files() {
          compopt -o filenames 2>/dev/null
          __pagetrace_add -f
      }

      # Whether '--' came before the word being completed: only arguments follow.
      __pagetrace_after_dashes() {
          local -i i
          for ((i = 2; i < COMP_CWORD; i++)); do
              [[ "${COMP_WORDS[i]}" == "--" ]] && return 0
          done
          return 1
      }

      _pagetrace() {
          COMPREPLY=()
          local cur="${COMP_WORDS[COMP_CWORD]}" prev="" prefix=""
          ((COMP_CWORD > 0)) && prev="${COMP_WORDS[COMP_CWORD - 1]}"
          # --option=value: bash splits the word at '=' (unless COMP_WORDBREAKS lacks it).
          if [[ "${cur}" == "=" ]]; then
              cur=""
          elif [[ "${prev}" == "=" ]] && ((COMP_CWORD > 1)); then
              prev="${COMP_WORDS[COMP_CWORD - 2]}"
          elif [[ "${cur}" == --*=* ]]; then
              prev="${cur%%=*}"
              prefix="${prev}="
              cur="${cur#*=}"
          fi
          if ((COMP_CWORD == 1)) || [[ "${COMP_WORDS[1]}" == -* ]]; then
              __pagetrace
              return 0
          fi
          case "${COMP_WORDS[1]}" in

      """#
    for command in PageTraceCLI.commands {
      script += "    \(command.name)) __pagetrace_\(identifier(command.name)) ;;\n"
    }
    script += """
          help) ((COMP_CWORD == 2)) && __pagetrace_add -W "\(subcommandNames.joined(separator: " "))" ;;
          esac
          return 0
      }


      """
    script += bashFunction(
      "__pagetrace", specs: PageTraceCLI.specs,
      arguments: #"((COMP_CWORD == 1)) && __pagetrace_add -W ""#
        + subcommandNames.joined(separator: " ") + #"""#)
    for command in PageTraceCLI.commands {
      script +=
        "\n"
        + bashFunction(
          "__pagetrace_" + identifier(command.name), specs: command.specs,
          arguments: command.takesFiles ? "__pagetrace_files" : nil)
    }
    return script + "\ncomplete -F _pagetrace pagetrace\n"
  }

  /// A function that completes the word `cur` after `prev` for one command: the value of the
  /// option `prev`, an option, or an argument (`arguments`: the command that completes it).
  static func bashFunction(_ name: String, specs: [OptionSpec], arguments: String?) -> String {
    var text = "\(name)() {\n"
    if arguments == "__pagetrace_files" {
      text += "    if __pagetrace_after_dashes; then __pagetrace_files; return; fi\n"
    }
    text += "    case \"${prev}\" in\n"
    let files = specs.filter { value(of: $0) == .file }.flatMap(words(of:))
    if !files.isEmpty {
      text += "    \(files.joined(separator: "|"))) __pagetrace_files; return ;;\n"
    }
    for spec in specs {
      if case .choices(let choices) = value(of: spec) {
        text += "    \(words(of: spec).joined(separator: "|")))"
        text += " __pagetrace_add -W \"\(choices.joined(separator: " "))\"; return ;;\n"
      }
    }
    let free = specs.filter { value(of: $0) == .free }.flatMap(words(of:))
    if !free.isEmpty {
      text += "    \(free.joined(separator: "|"))) return ;;\n"
    }
    text += "    esac\n"
    text += "    if [[ \"${cur}\" == -* ]]; then\n"
    text += "        __pagetrace_add -W \"\(specs.flatMap(words(of:)).joined(separator: " "))\"\n"
    text += "        return\n"
    text += "    fi\n"
    if let arguments { text += "    \(arguments)\n" }
    return text + "}\n"
  }

  // MARK: - zsh

  static func zsh() -> String {
    let described = PageTraceCLI.commands.map { ($0.name, $0.summary) } + [("help", helpSummary)]
    var script = #"""
      #compdef pagetrace
      # Zsh completion for pagetrace, written by `pagetrace --generate-completion-script zsh`.
      # Install it as _pagetrace in a folder of $fpath, e.g. with `fpath=(~/.zfunc $fpath)`
      # before `compinit` in ~/.zshrc:
      #   pagetrace --generate-completion-script zsh > ~/.zfunc/_pagetrace

      _pagetrace() {
          local context state state_descr line
          local -A opt_args
          local -a subcommands
          subcommands=(

      """#
    for (name, summary) in described {
      script += "        \(zshQuoted(zshEscaped(name, ":") + ":" + summary))\n"
    }
    script += "    )\n"
    script += "    _arguments -S -C \\\n"
    for spec in PageTraceCLI.specs {
      script += "        " + zshSpec(spec, exclusive: true) + " \\\n"
    }
    script += #"""
              '1: :->subcommand' \
              '*:: :->argument' && return 0
          case "${state}" in
          subcommand)
              _describe -t subcommands 'pagetrace subcommand' subcommands
              ;;
          argument)
              case "${words[1]}" in

      """#
    for command in PageTraceCLI.commands {
      script += "        \(command.name)) _pagetrace_\(identifier(command.name)) ;;\n"
    }
    script += #"""
              help) ((CURRENT == 2)) && _describe -t subcommands 'pagetrace subcommand' subcommands ;;
              esac
              ;;
          esac
      }

      """#
    for command in PageTraceCLI.commands {
      script += "\n_pagetrace_\(identifier(command.name))() {\n    _arguments -S"
      for spec in command.specs {
        script += " \\\n        " + zshSpec(spec, exclusive: false)
      }
      if command.takesFiles { script += " \\\n        '*:file:_files'" }
      script += "\n}\n"
    }
    return script + #"""

      if [[ "${funcstack[1]}" == _pagetrace ]]; then
          _pagetrace "$@"
      else
          compdef _pagetrace pagetrace
      fi

      """#
  }

  /// One option of `_arguments`: `'*'{-o,--output}'[help]:file:_files'`. Options may be
  /// repeated (the last one counts), except that `exclusive` ones end the command line.
  static func zshSpec(_ spec: OptionSpec, exclusive: Bool) -> String {
    let words = words(of: spec)
    var text = exclusive ? "'(- *)'" : "'*'"
    text += words.count == 1 ? words[0] : "{" + words.joined(separator: ",") + "}"
    var rest = "[" + zshEscaped(help(of: spec), "\\[]") + "]"
    if let placeholder = spec.value {
      rest += ":" + zshEscaped(placeholder, "\\:") + ":"
      switch value(of: spec) {
      case .file: rest += "_files"
      case .choices(let choices): rest += "(" + choices.joined(separator: " ") + ")"
      case .none, .free: break
      }
    }
    return text + zshQuoted(rest)
  }

  /// `text` with a backslash before each of `characters`.
  static func zshEscaped(_ text: String, _ characters: String) -> String {
    _replacing(text, Dictionary(uniqueKeysWithValues: characters.map { ($0, "\\\($0)") }))
  }

  /// `text` in single quotes.
  static func zshQuoted(_ text: String) -> String {
    "'" + _replacing(text, ["'": #"'\''"#]) + "'"
  }

  // MARK: - fish

  static func fish() -> String {
    let names = subcommandNames.joined(separator: " ")
    var script = #"""
      # Fish completion for pagetrace, written by `pagetrace --generate-completion-script fish`.
      # In this shell:     pagetrace --generate-completion-script fish | source
      # In every new one:  pagetrace --generate-completion-script fish \
      #                      > ~/.config/fish/completions/pagetrace.fish

      # Whether no subcommand was given: the options of pagetrace itself apply.
      function __pagetrace_top
          set -l tokens (commandline -opc)
          not contains -- "$tokens[2]" \#(names)
      end

      # Whether the word being completed is the first argument.
      function __pagetrace_first
          test (count (commandline -opc)) -eq 1
      end

      # Whether the subcommand (the first argument) is $argv[1].
      function __pagetrace_using
          set -l tokens (commandline -opc)
          test "$tokens[2]" = "$argv[1]"
      end

      # Whether the word being completed is the subcommand of `pagetrace help`.
      function __pagetrace_help_topic
          set -l tokens (commandline -opc)
          test (count $tokens) -eq 2 -a "$tokens[2]" = help
      end

      complete -c pagetrace -f

      """#
    let described = PageTraceCLI.commands.map { ($0.name, $0.summary) } + [("help", helpSummary)]
    for condition in ["__pagetrace_first", "__pagetrace_help_topic"] {
      for (name, summary) in described where condition == "__pagetrace_first" || name != "help" {
        script += "complete -c pagetrace -n \(condition) -a \(name) -d \(fishQuoted(summary))\n"
      }
    }
    for spec in PageTraceCLI.specs {
      script += fishLine(spec, condition: "__pagetrace_top")
    }
    for command in PageTraceCLI.commands {
      let condition = fishQuoted("__pagetrace_using \(command.name)")
      script += "\n"
      for spec in command.specs {
        script += fishLine(spec, condition: condition)
      }
      if command.takesFiles {
        script += "complete -c pagetrace -n \(condition) -F\n"
      }
    }
    return script
  }

  /// `complete -c pagetrace -n CONDITION -s o -l output -r -F -d 'help'`.
  static func fishLine(_ spec: OptionSpec, condition: String) -> String {
    var line = "complete -c pagetrace -n \(condition)"
    if let short = spec.short { line += " -s \(short)" }
    line += " -l \(spec.name)"
    switch value(of: spec) {
    case .none: break
    case .file: line += " -r -F"
    case .choices(let choices): line += " -x -k -a " + fishQuoted(choices.joined(separator: " "))
    case .free: line += " -x"
    }
    return line + " -d " + fishQuoted(help(of: spec)) + "\n"
  }

  /// `text` in single quotes.
  static func fishQuoted(_ text: String) -> String {
    "'" + _replacing(text, ["\\": #"\\"#, "'": #"\'"#]) + "'"
  }

  /// A name usable in a function's name.
  static func identifier(_ name: String) -> String { _replacing(name, ["-": "_"]) }
}

/// `text` with each character that is a key of `replacements` replaced by its value.
func _replacing(_ text: String, _ replacements: [Character: String]) -> String {
  var result = ""
  for character in text {
    if let replacement = replacements[character] {
      result += replacement
    } else {
      result.append(character)
    }
  }
  return result
}
