// Seconds since 1970 as instants: microseconds and ISO 8601 text, written without allocating.
extension TableValue {
  /// The most bytes of ``iso8601(_:)``'s text: `YYYY-MM-DDTHH:MM:SS.ffffffZ`.
  package static let iso8601Length = 27

  /// Seconds since 1970-01-01 UTC as ISO 8601 text to the microsecond,
  /// `2023-11-14T22:13:20.123456Z`; `nil` outside years 1 to 9999.
  public static func iso8601(_ seconds: Double) -> String? {
    var bytes = [UInt8](repeating: 0, count: iso8601Length)
    let length = bytes.withUnsafeMutableBytes { writeISO8601(seconds, at: $0.baseAddress!) }
    return length == 0 ? nil : String(decoding: bytes, as: UTF8.self)
  }

  /// Seconds since 1970 to the nearest microsecond, `nil` outside the years 1 to 9999 (from
  /// -62,135,596,800 s to 253,402,300,800 s) or not finite. The whole seconds and the fraction
  /// apart (the subtraction is exact): `seconds × 10^6` rounded the product past 2^52 µs (the
  /// year 2112) and could miss by a microsecond.
  static func microseconds(_ seconds: Double) -> Int64? {
    let whole = seconds.rounded(.down)
    guard whole >= -62_135_596_800, whole < 253_402_300_800 else { return nil }
    let total = Int64(whole) * 1_000_000 + Int64(((seconds - whole) * 1_000_000).rounded())
    return total < 253_402_300_800_000_000 ? total : nil
  }

  /// Writes ``iso8601(_:)``'s text at `at` (room for ``iso8601Length`` bytes), nothing
  /// allocated; returns its length, 0 outside years 1 to 9999.
  package static func writeISO8601(_ seconds: Double, at: UnsafeMutableRawPointer) -> Int {
    guard let total = microseconds(seconds) else { return 0 }
    var (day, time) = total.quotientAndRemainder(dividingBy: 86_400_000_000)
    if time < 0 {
      day -= 1
      time += 86_400_000_000
    }
    // Days since 1970 to a civil date: Howard Hinnant's `civil_from_days`.
    let z = day + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let dayOfMonth = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    var offset = 0
    func digits(_ value: Int64, _ width: Int, then separator: UInt8?) {
      var value = value
      for place in stride(from: width - 1, through: 0, by: -1) {
        at.storeBytes(of: UInt8(48 + value % 10), toByteOffset: offset + place, as: UInt8.self)
        value /= 10
      }
      offset += width
      if let separator {
        at.storeBytes(of: separator, toByteOffset: offset, as: UInt8.self)
        offset += 1
      }
    }
    let second = time / 1_000_000
    digits(year, 4, then: UInt8(ascii: "-"))
    digits(month, 2, then: UInt8(ascii: "-"))
    digits(dayOfMonth, 2, then: UInt8(ascii: "T"))
    digits(second / 3600, 2, then: UInt8(ascii: ":"))
    digits(second / 60 % 60, 2, then: UInt8(ascii: ":"))
    digits(second % 60, 2, then: UInt8(ascii: "."))
    digits(time % 1_000_000, 6, then: UInt8(ascii: "Z"))
    return offset
  }
}
