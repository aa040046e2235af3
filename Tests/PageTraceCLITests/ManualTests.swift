import Foundation
import Testing

/// `pagetrace --generate-manual` and docs/pagetrace.1 (docs/behaviour/commands.md, "Shell completion
/// and manual").
@Suite struct ManualTests {
  static let committed = repository.appendingPathComponent("docs/pagetrace.1")

  @Test func theCommittedManualIsWhatTheToolWrites() throws {
    let generated = try pagetrace(["--generate-manual"])
    #expect(generated.status == 0, "\(generated.stderr)")
    let committed = try Data(contentsOf: Self.committed)
    #expect(
      Data(generated.stdout.utf8) == committed,
      """
      docs/pagetrace.1 is not what `pagetrace --generate-manual` writes: an option, a help or \
      the manual changed. Regenerate it with
        swift run pagetrace --generate-manual > docs/pagetrace.1
      """)
  }

  @Test func theManualHasASectionPerSubcommandAndEveryOption() throws {
    let page = try pagetrace(["--generate-manual"]).stdout
    for heading in ["NAME", "SYNOPSIS", "DESCRIPTION", "ENVIRONMENT", "EXIT STATUS", "SEE ALSO"] {
      #expect(page.contains("\n.Sh \(heading)\n"), "\(heading)")
    }
    for (command, options) in try helpOptions() {
      if !command.isEmpty {
        #expect(page.contains("\n.Sh PAGETRACE \(command.uppercased())\n"), "\(command)")
        #expect(page.contains("\n.Cm \(command)\n"), "\(command) in the synopsis")
      }
      for option in options {
        // `.It Fl -emit Ar types`, `.It Fl o , -output …`, `.It Fl -continuous , -no-continuous`.
        let name = option.dropFirst()
        let forms = option.hasPrefix("--") ? ["Fl \(name)", ", \(name)"] : ["Fl \(name) ,"]
        let mentioned = forms.contains { form in [" ", "\n"].contains { page.contains(form + $0) } }
        #expect(mentioned, "\(command): \(option)")
      }
    }
  }

  /// Each usage line of a help, wrapped or not, is one synopsis of its command with all its
  /// options (a wrapped line once became a synopsis of its own, without the command).
  @Test(arguments: CommandLineTests.commands)
  func everyUsageIsOneWholeSynopsis(command: String) throws {
    let help = try pagetrace([command, "--help"]).stdout
    let usage = help.components(separatedBy: "\n\n").first { $0.hasPrefix("USAGE: ") }!
    let page = try pagetrace(["--generate-manual"]).stdout
    let section =
      page.components(separatedBy: ".Sh PAGETRACE \(command.uppercased())\n")[1]
      .components(separatedBy: "\n.Pp\n")[0] + "\n"
    let synopses = section.components(separatedBy: ".Nm\n").filter { !$0.isEmpty }
    #expect(synopses.count == usage.components(separatedBy: "pagetrace ").count - 1)
    for synopsis in synopses {
      #expect(synopsis.hasPrefix(".Cm \(command)\n"), "\(synopsis)")
    }
    for word in usage.split(whereSeparator: { " \n[]".contains($0) }) where word.hasPrefix("-") {
      let flag = "Fl \(word.dropFirst())"  // `--end` is `Fl -end`, `-o` is `Fl o`
      #expect(section.contains(flag + "\n") || section.contains(flag + " "), "\(command): \(word)")
    }
  }

  @Test func theExitStatusesAreThoseOfTheHelp() throws {
    let page = try pagetrace(["--generate-manual"]).stdout
    let help = try pagetrace(["--help"]).stdout
    let statuses = helpSection("EXIT STATUS:", of: help).joined(separator: " ")
      .split(separator: ", ").compactMap { $0.split(separator: " ").first.flatMap { Int($0) } }
    #expect(statuses == [0, 1, 64, 65, 66, 73, 74, 75])
    let section = page.components(separatedBy: "\n.Sh EXIT STATUS\n").last ?? ""
    let listed = section.components(separatedBy: "\n.Sh ")[0].split(separator: "\n")
      .filter { $0.hasPrefix(".It ") }.map { Int($0.dropFirst(4)) }
    #expect(listed == statuses)
  }

  @Test(needsProgram("mandoc")) func mandocFindsNoProblem() throws {
    let lint = try runProgram(
      requiredProgram("mandoc"), ["-Tlint", "-Wwarning", Self.committed.path])
    #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
    let text = try runProgram(requiredProgram("mandoc"), ["-Tascii", Self.committed.path])
    #expect(plain(text.stdout).contains("PAGETRACE REPLAY"))
  }

  @Test(needsProgram("groff")) func groffRendersWithoutWarnings() throws {
    let text = try runProgram(
      requiredProgram("groff"), ["-mandoc", "-Tutf8", "-ww", Self.committed.path])
    #expect(text.status == 0)
    #expect(text.stderr.isEmpty, "\(text.stderr)")
    #expect(plain(text.stdout).contains("PAGETRACE REPLAY"))
    #expect(plain(text.stdout).contains("--generate-completion-script shell"))
  }

  /// Text without the overstrikes of bold and underlined characters (`X\bX`, `_\bX`).
  func plain(_ text: String) -> String {
    var plain: [Character] = []
    for character in text {
      if character == "\u{8}" { _ = plain.popLast() } else { plain.append(character) }
    }
    return String(plain)
  }
}
