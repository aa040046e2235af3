import PageTrace

extension ConfigurationPatch {
  /// The patch of a settings text, `KEY=VALUE` items separated by commas
  /// (`scrubDelay=0.3,control=0,780,390,30`, `profile=android`), each value checked by the
  /// configuration parser as in a `--config` file; frames may be `x,y,width,height`, the
  /// timer its seconds per page. `source` names where the text came from in errors (`--a`).
  ///
  /// ```swift
  /// let patch = try ConfigurationPatch(settings: "scrubDelay=0.3,profile=android", source: "--a")
  /// print(patch.scrubDelay ?? 0)  // 0.3
  /// ```
  ///
  /// - Throws: ``SettingsError`` for an item that is not `KEY=VALUE` or a bad value.
  public init(settings text: String, source: String) throws(SettingsError) {
    var patch = ConfigurationPatch()
    for item in Self.settingsItems(text) {
      guard let equals = item.firstIndex(of: "="), equals != item.startIndex else {
        throw SettingsError(
          message: "expected KEY=VALUE, @FILE or profile=NAME, found '\(item)'")
      }
      let key = String(item[..<equals])
      let value = String(item[item.index(after: equals)...])
      let entry = ConfigurationKey.named(key)
      var json = value
      switch entry?.kind {
      case nil where key != "indicatorImages", .string?:
        // An unknown key's value is quoted, so that the parser names the key.
        json = JSONText.string(value)
      case .frame?:
        let parts = value.split(separator: ",", omittingEmptySubsequences: false)
        if value == "none" || value == "null" {
          json = "null"  // `control=none`: content mode; other frames refuse it by name
        } else if !value.hasPrefix("{") {
          guard parts.count == 4 else {
            throw SettingsError(
              message: "\(item): expected x,y,width,height, found '\(value)'")
          }
          json =
            "{\"x\":\(parts[0]),\"y\":\(parts[1]),\"width\":\(parts[2]),\"height\":\(parts[3])}"
        }
      case .progress?:
        if !value.hasPrefix("{") { json = "{\"duration\":\(value)}" }
      default:
        break
      }
      let object = "{" + JSONText.string(key) + ":" + json + "}"
      do {
        patch.merge(try ConfigurationPatch(json: object, file: source))
      } catch {
        var message = "\(item): expected \(error.expected), found "
        message += entry == nil ? error.found : "'\(value)'"
        if let choices = entry?.choices { message += _didYouMean(value, in: choices) }
        throw SettingsError(message: message)
      }
    }
    self = patch
  }

  /// What is wrong with a settings text (``init(settings:source:)``), in words.
  public struct SettingsError: Error, Sendable {
    /// What is wrong, e.g. `scrubDelay=x: expected a number, found 'x'`.
    public var message: String
  }

  /// The `KEY=VALUE` items of a settings text: split at commas outside braces, brackets and
  /// strings, a piece without `=` continuing the item before it (`control=0,780,390,30`).
  static func settingsItems(_ text: String) -> [String] {
    var pieces: [String] = []
    var piece = ""
    var depth = 0
    var inString = false
    var escaped = false
    for character in text {
      if inString {
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inString = false
        }
      } else if character == "\"" {
        inString = true
      } else if character == "{" || character == "[" {
        depth += 1
      } else if character == "}" || character == "]" {
        depth -= 1
      } else if character == "," && depth <= 0 {
        pieces.append(piece)
        piece = ""
        continue
      }
      piece.append(character)
    }
    pieces.append(piece)
    var items: [String] = []
    for piece in pieces {
      if !piece.contains("="), !items.isEmpty {
        items[items.count - 1] += "," + piece
      } else {
        items.append(piece)
      }
    }
    return items
  }
}

/// The items of a comma-separated option value, each without the spaces around it
/// (`"PT001, PT002"` is two rules); an empty item stays, to be reported as unknown.
package func _listItems(_ list: String) -> [Substring] {
  list.split(separator: ",", omittingEmptySubsequences: false).map { item in
    let start = item.firstIndex { $0 != " " } ?? item.endIndex
    let end = item.lastIndex { $0 != " " }.map(item.index(after:)) ?? start
    return item[start..<end]
  }
}
