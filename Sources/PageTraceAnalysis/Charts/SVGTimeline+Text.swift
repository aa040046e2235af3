import PageTraceIO

// Text for the timeline: numbers, durations, widths and escaping.

/// A number with at most `decimals` decimals (0 to 3), trailing zeros dropped: `1.5`, `-3`.
func _fmt(_ value: Double, _ decimals: Int = 2) -> String {
  guard value.isFinite else { return "0" }
  guard abs(value) < 1e15 else { return "\(value)" }
  var scale = 1
  for _ in 0..<min(max(decimals, 0), 3) { scale *= 10 }
  let scaled = Int((value * Double(scale)).rounded())
  let magnitude = scaled.magnitude
  let whole = magnitude / UInt(scale)
  var fraction = magnitude % UInt(scale)
  var result = scaled < 0 ? "-\(whole)" : "\(whole)"
  guard fraction != 0 else { return result }
  var digits = decimals
  while fraction % 10 == 0 {
    fraction /= 10
    digits -= 1
  }
  var text = String(fraction)
  while text.count < digits { text = "0" + text }
  result += "." + text
  return result
}

/// A duration for the title: `0.35 s`, `12.5 s`, `10 min 3.2 s`.
func _duration(_ seconds: Double) -> String {
  guard seconds >= 60, seconds < 1e12 else { return "\(_fmt(seconds)) s" }
  let tenths = Int((seconds * 10).rounded())
  return "\(tenths / 600) min \(_fmt(Double(tenths % 600) / 10, 1)) s"
}

func _plural(_ n: Int, _ word: String, _ plural: String? = nil) -> String {
  "\(n) \(n == 1 ? word : plural ?? word + "s")"
}

/// A rough width of a text at 11 px in a sans-serif face, for laying out the legend.
func _textWidth(_ text: String) -> Double {
  var width = 0.0
  for character in text {
    switch character {
    case "i", "l", "j", "'", ".", ",", ":", "(", ")": width += 3.2
    case "f", "t", "r", " ": width += 4.3
    case "m", "w": width += 9.6
    default: width += character.isUppercase ? 7.5 : 6.6
    }
  }
  return width
}

/// Text made safe for XML content and attribute values. Characters XML 1.0 cannot hold at
/// all (most control characters) become U+FFFD.
func _escape(_ text: String) -> String {
  var result = ""
  result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
  for scalar in text.unicodeScalars {
    switch scalar.value {
    case 0x26: result += "&amp;"
    case 0x3C: result += "&lt;"
    case 0x3E: result += "&gt;"
    case 0x22: result += "&quot;"
    case 0x27: result += "&apos;"
    case 0x09, 0x0A, 0x0D: result.unicodeScalars.append(scalar)
    case 0..<0x20, 0x7F..<0xA0, 0xFFFE, 0xFFFF: result += "\u{FFFD}"
    default: result.unicodeScalars.append(scalar)
    }
  }
  return result
}

/// The calendar date and time (UTC) of `seconds` since 1970, to the hundredth of a second,
/// `2012-04-20 03:42:16.54 UTC`, for a time that reads as one (2000 to 2100); else `nil`.
func _unixDate(_ seconds: Double) -> String? {
  guard seconds >= 946_684_800, seconds < 4_102_444_800,
    let iso = TableValue.iso8601((seconds * 100).rounded() / 100)
  else { return nil }
  // 2012-04-20T03:42:16.540000Z: the date, the time to the hundredth.
  return iso.prefix(10) + " " + iso.dropFirst(11).prefix(11) + " UTC"
}
