// Decimal text to the nearest double: Clinger's fast path and the Eisel-Lemire algorithm.

/// The double nearest `significand × 10^exponent`, correctly rounded (ties to even), where one
/// of two exact methods decides; a scanner turns to `strtod` for the rare rest.
public enum DecimalToDouble {
  /// `significand × 10^exponent` with one correctly rounded operation, when that is exact.
  @inlinable @inline(__always)
  public static func clingerFastPath(
    _ significand: UInt64, _ exponent: Int, tables: NumberTables = .shared
  ) -> Double? {
    guard significand <= 1 << 53 else { return nil }
    switch exponent {
    case 0:
      return Double(significand)
    case 1...22:
      return Double(significand) * tables.powersOfTen[exponent]
    case -22 ... -1:
      return Double(significand) / tables.powersOfTen[-exponent]
    case 23...(22 + 15):
      // Move surplus powers of ten into the significand while it stays exact.
      let (scaled, overflow) = significand.multipliedReportingOverflow(
        by: tables.powersOfTenInteger[exponent - 22])
      guard !overflow && scaled <= 1 << 53 else { return nil }
      return Double(scaled) * 1e22
    default:
      return nil
    }
  }

  /// `significand × 10^exponent`, for a significand that is not zero, correctly rounded (to
  /// nearest, ties to even; infinity beyond the greatest double), or `nil` in the cases the
  /// product cannot decide.
  ///
  /// The Eisel-Lemire algorithm (Lemire, "Number Parsing at a Gigabyte per Second", 2021):
  /// see ``eiselLemireProduct(_:_:)``. Its top 64 bits are `2^62 ... 2^64 - 1`: their leading
  /// 54 bits are the mantissa's 53 and the rounding bit, and the power of two follows from
  /// the exponent, the shift of the significand and the leading bit.
  ///
  /// Those 54 bits are exact. For 5^0 ... 5^55 the table entry is exact, and so is the
  /// product. For 5^-27 ... 5^-1 the entry is the reciprocal rounded up, less than one unit
  /// too large: the product is less than 2^64 (one unit of `low`) too large, but the exact
  /// one, an integer over 5^-exponent, is either a multiple of 2^137 (one unit of the 54 bits)
  /// or more than 2^137 / 5^27 > 2^74 below the next one. Elsewhere the entry is
  /// truncated and the product may fall short by less than one unit of `low`, which reaches
  /// `high` only when `low` is all ones: then `nil`.
  ///
  /// Exact halfway cases exist only for 10^-4 ... 10^23 (a significand below 2^64 has at most
  /// 27 factors of five, and a double's odd mantissa below 2^54 at most 23); there the bits
  /// below the rounding bit are then zero, but for the lowest one from a rounded-up reciprocal.
  /// Elsewhere a set rounding bit means more than half. Subnormal values are too small for
  /// halfway cases.
  public static func eiselLemire(_ significand: UInt64, _ exponent: Int) -> Double? {
    guard exponent >= _powersOfFiveRange.lowerBound else { return 0 }
    guard exponent <= _powersOfFiveRange.upperBound else { return .infinity }
    let (high, low, zeros) = eiselLemireProduct(significand, exponent, tables: .shared)
    // Where 5^exponent is truncated, `low` all ones may be short of a carry into `high`.
    // (Mushtak and Lemire, "Fast number parsing without fallback", 2023, prove that the 54 bits
    // are right even then for every 64-bit significand, but this is one comparison.)
    if low == .max && (exponent < -27 || exponent > 55) { return nil }
    let upperBit = Int(high &>> 63)
    var mantissa = high &>> (upperBit &+ 9)  // 54 bits: 53 and the rounding bit
    let biasedExponent = floorLog2(powerOfTen: exponent) &+ 63 &+ upperBit &- zeros &+ 1023
    if biasedExponent <= 0 {
      // Subnormal: fewer bits. Rounding up to 2^52 makes the least normal double.
      mantissa >>= 1 - biasedExponent
      return Double(bitPattern: (mantissa &+ 1) &>> 1)
    }
    if low <= 1 && exponent >= -4 && exponent <= 23 && mantissa & 3 == 1
      && mantissa &<< (upperBit &+ 9) == high
    {
      mantissa &= ~1  // exactly halfway, and the even neighbour is below
    }
    let bits = doubleBits(biasedExponent: biasedExponent, roundingMantissa: mantissa)
    return bits < 0x7FF0_0000_0000_0000 ? Double(bitPattern: bits) : .infinity
  }

  /// ``eiselLemire(_:_:)`` for a value that is known to be a normal double with an exponent
  /// from -27 to 55 and no halfway case: the common shape's significands above 2^53, whose
  /// exponents are -22 ... -5 (its values are below 10^7).
  @inlinable @inline(__always)
  public static func eiselLemireNormal(
    _ significand: UInt64, _ exponent: Int, tables: NumberTables
  ) -> Double {
    let (high, _, zeros) = eiselLemireProduct(significand, exponent, tables: tables)
    let upperBit = Int(high &>> 63)
    let mantissa = high &>> (upperBit &+ 9)
    let biasedExponent = floorLog2(powerOfTen: exponent) &+ 63 &+ upperBit &- zeros &+ 1023
    return Double(
      bitPattern: doubleBits(biasedExponent: biasedExponent, roundingMantissa: mantissa))
  }

  /// The top 128 bits of the 192-bit product of a significand that is not zero, shifted left
  /// by `zeros` to set its top bit, and the 128-bit 5^exponent of ``NumberTables/powersOfFive`` (which
  /// must hold it), as far as needed.
  ///
  /// The top 64 bits are those of the product by the entry's high half, but for a carry from
  /// the product by its low half, which is below one unit of them: it changes their leading
  /// 55 bits only when the 9 below are all ones; only then is it added.
  @inlinable @inline(__always)
  public static func eiselLemireProduct(
    _ significand: UInt64, _ exponent: Int, tables: NumberTables
  ) -> (high: UInt64, low: UInt64, zeros: Int) {
    let zeros = significand.leadingZeroBitCount
    let normalized = significand &<< zeros
    let power = tables.powersOfFive[exponent &- tables.powersOfFiveLowest]
    var (high, low) = normalized.multipliedFullWidth(by: power.high)
    if high & 0x1FF == 0x1FF {
      let (sum, carry) = low.addingReportingOverflow(
        normalized.multipliedFullWidth(by: power.low).high)
      low = sum
      if carry { high &+= 1 }
    }
    return (high, low, zeros)
  }

  /// `floor(q × log2(10))`, exact for every `q` in ``_powersOfFiveRange`` (and well beyond):
  /// 217706 / 2^16 is log2(10) to within 2^-17.
  @inlinable @inline(__always)
  public static func floorLog2(powerOfTen q: Int) -> Int {
    (q &* 217_706) &>> 16
  }

  /// The bits of the positive double with a biased exponent of at least 1 and a 54-bit mantissa
  /// (`2^53 ... 2^54 - 1`, 53 bits and a rounding bit) rounded half up to 53 bits; a carry into
  /// a 54th bit carries into the exponent (at 0x7FF, infinity).
  @inlinable @inline(__always)
  public static func doubleBits(biasedExponent: Int, roundingMantissa mantissa: UInt64) -> UInt64 {
    // The rounded mantissa's leading bit, 2^52, adds the 1 taken from the exponent.
    UInt64(truncatingIfNeeded: biasedExponent &- 1) &<< 52 &+ (mantissa &+ 1) &>> 1
  }
}

/// A number's decimal text as read: `significand × 10^exponent`.
public struct _Decimal {
  /// The first 19 digits from the first non-zero one (all of them when ``isExact``).
  public var significand: UInt64
  /// The power of ten of the significand's last digit.
  public var exponent: Int
  /// Whether ``significand`` holds every significant digit; if not, the text lies strictly
  /// between `significand × 10^exponent` and `(significand + 1) × 10^exponent`.
  public var isExact: Bool

  /// The digits read, `significand × 10^exponent`.
  public init(significand: UInt64, exponent: Int, isExact: Bool) {
    self.significand = significand
    self.exponent = exponent
    self.isExact = isExact
  }
}

/// The digits of a number as a scanner accumulates them, digit by digit.
public struct _Digits {
  /// The first 19 digits from the first non-zero one.
  public var significand: UInt64 = 0
  /// How many digits `significand` holds, not counting leading zeros.
  public var count = 0
  /// How many digits came after those 19.
  public var dropped = 0
  /// Whether one of the dropped digits is not zero (more than 19 significant digits).
  public var droppedNonZero = false

  /// No digits yet.
  public init() {}

  /// Appends one digit's value (0 ... 9).
  @inline(__always)
  public mutating func append(_ digit: UInt8) {
    if count < 19 {
      significand = significand &* 10 &+ UInt64(digit)
      if significand != 0 { count += 1 }
    } else {
      dropped += 1
      if digit != 0 { droppedNonZero = true }
    }
  }
}
