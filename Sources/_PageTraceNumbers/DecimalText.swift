// Reading decimal text: the common shape of a number, eight bytes at a time.

/// The bytes a number is read from, for the branch-light reading of its common shape: one to
/// seven digits, optionally a point and up to 22 more, eight bytes at a time.
@frozen
public struct DecimalText {
  /// The first byte.
  public let base: UnsafeRawPointer
  /// The number of bytes.
  public let count: Int
  @usableFromInline let tables: NumberTables

  /// The bytes of a line, which are not empty when a number is read, and the tables to read
  /// with (``NumberTables/shared``, kept by the caller).
  @inlinable @inline(__always)
  public init(_ bytes: UnsafeRawBufferPointer, tables: NumberTables) {
    base = bytes.baseAddress.unsafelyUnwrapped
    count = bytes.count
    self.tables = tables
  }

  /// The byte at an offset below ``count``.
  @inlinable @inline(__always)
  public func byte(at offset: Int) -> UInt8 {
    base.load(fromByteOffset: offset, as: UInt8.self)
  }

  /// The eight bytes at an offset at most ``count``, as a little-endian integer (the first
  /// byte lowest); bytes past the end read as 0, which is not a digit.
  ///
  /// - Precondition: ``count`` >= 8.
  @inlinable @inline(__always)
  public func eightBytes(at offset: Int) -> UInt64 {
    if offset &+ 8 <= count {
      return UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
    // The last eight bytes, moved down: the bytes past the end come in as zeros.
    let last = base.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
    let shift = 4 &* (offset &+ 8 &- count)  // at most 32, twice
    return (UInt64(littleEndian: last) &>> shift) &>> shift
  }

  /// ``eightBytes(at:)``, or, if the eight bytes are known to be within ``count``, a plain
  /// load.
  @inlinable @inline(__always)
  public func eightBytes(at offset: Int, isWithin: Bool) -> UInt64 {
    isWithin
      ? UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      : eightBytes(at: offset)
  }

  /// Reads the digits of a number of the common shape at an offset (after any `-`): one to
  /// seven digits (the first `0` only if alone), optionally `.` and up to 22 more digits, at
  /// most 19 significant digits in all, then a byte that cannot continue a number (or the
  /// end). Returns the value (without the sign), its exact digits and the offset after the
  /// text, or an end of -1 for any other text, valid or not, which a scanner then reads
  /// digit by digit.
  public func commonNumber(at first: Int) -> CommonDecimal {
    guard count >= 8 else { return CommonDecimal(value: 0, significand: 0, exponent: 0, end: -1) }
    var (significand, exponent, end) = commonDecimal(at: first)
    guard end >= 0 else { return CommonDecimal(value: 0, significand: 0, exponent: 0, end: -1) }
    let value = commonValue(significand, exponent)
    // Trailing zeros move into the exponent: the significand keeps only significant digits.
    if byte(at: end &- 1) == _Byte.zero {
      while significand != 0 && significand % 10 == 0 {
        significand /= 10
        exponent &+= 1
      }
    }
    return CommonDecimal(value: value, significand: significand, exponent: exponent, end: end)
  }

  /// The value of a number of the common shape at an offset (a `-` or a digit), and the offset
  /// after its text; an end of -1 if the text is not of the common shape
  /// (``commonNumber(at:)``). The line decoder's form: only the value, so nothing is
  /// returned through memory and no trailing zeros are counted.
  ///
  /// - Parameters:
  ///   - isWithin: Whether the 32 bytes after any `-` are known to be within ``count``: the
  ///     blocks of eight bytes are then read without checking.
  ///   - isFollowed: Whether the caller checks that `,` or `}` follows the text (at the
  ///     end returned): the byte after the digits is then not checked here.
  /// - Precondition: ``count`` >= 8.
  ///
  /// `@_transparent`: with `@inline(__always)` the compiler kept this out of line, a call and
  /// a frame for every number.
  @_transparent
  public func commonValue(
    at start: Int, isWithin: Bool = false, isFollowed: Bool = false
  ) -> (value: Double, end: Int) {
    let negative = byte(at: start) == _Byte.minus
    let (significand, exponent, end) = commonDecimal(
      at: negative ? start &+ 1 : start, isWithin: isWithin, isFollowed: isFollowed)
    let value = commonValue(significand, exponent)
    return (negative ? -value : value, end)
  }

  /// The digits of a number of the common shape at an offset (after any `-`), as
  /// ``commonNumber(at:)`` describes it: `significand × 10^exponent` (trailing zeros
  /// included) and the offset after the text, or an end of -1.
  ///
  /// No loop per digit: the integer part is one block of eight bytes, the fraction one to
  /// three (see ``DecimalDigits/appending(_:to:tables:)``).
  ///
  /// With `isWithin` and `isFollowed` (``commonValue(at:isWithin:isFollowed:)``), constants
  /// where it is inlined, it checks less.
  ///
  /// - Precondition: ``count`` >= 8.
  ///
  /// `@_transparent`: with `@inline(__always)` the compiler kept this out of line, where its
  /// flags are not constants and it checks everything.
  @_transparent
  public func commonDecimal(
    at first: Int, isWithin: Bool = false, isFollowed: Bool = false
  ) -> (significand: UInt64, exponent: Int, end: Int) {
    let none = (significand: UInt64(0), exponent: 0, end: -1)
    var chunk = eightBytes(at: first, isWithin: isWithin)
    var (length, significand) = DecimalDigits.appending(chunk, to: 0, tables: tables)
    guard UInt(bitPattern: length &- 1) < 7, chunk & 0xFF != UInt64(_Byte.zero) || length == 1
    else { return none }
    var end = first &+ length
    var next = UInt8(truncatingIfNeeded: chunk &>> (8 &* length))
    var exponent = 0
    if next == _Byte.dot {
      // Below 10^7 × 10^8, the significand takes eight more digits, and then as many as keep
      // it below 10^19: no more than 19 significant digits, and no wrapping around.
      let fractionStart = end &+ 1
      chunk = eightBytes(at: fractionStart, isWithin: isWithin)
      // Fractions of full-precision numbers start with eight digits: taken without finding
      // where the digits end.
      if let eight = DecimalDigits.eight(chunk) {
        (length, significand) = (8, significand &* 100_000_000 &+ eight)
      } else {
        (length, significand) = DecimalDigits.appending(chunk, to: significand, tables: tables)
      }
      end = fractionStart &+ length
      if length == 8 {
        chunk = eightBytes(at: end, isWithin: isWithin)
        var before = significand
        (length, significand) = DecimalDigits.appending(chunk, to: significand, tables: tables)
        guard before < tables.powersOfTenInteger[19 &- length] else { return none }
        end &+= length
        if length == 8 {
          chunk = eightBytes(at: end, isWithin: isWithin)
          before = significand
          (length, significand) = DecimalDigits.appending(chunk, to: significand, tables: tables)
          // At most 22 digits after the point: 10^-22 is the least power of ten in a double.
          guard length < 7 && before < tables.powersOfTenInteger[19 &- length] else { return none }
          end &+= length
        }
      } else {
        guard length > 0 else { return none }  // no digit after the point
      }
      exponent = fractionStart &- end
      next = UInt8(truncatingIfNeeded: chunk &>> (8 &* length))
    }
    guard
      isFollowed || next == _Byte.comma || next == _Byte.rightBrace
        || !_Byte.continuesNumber(next)
    else {
      return none
    }
    return (significand, exponent, end)
  }

  /// The double nearest `significand × 10^exponent` for the digits of a number of the common
  /// shape (``commonDecimal(at:)``).
  ///
  /// Such a number is below 10^7 and the power of ten of its significand is -22 ... 0, so it
  /// takes the Clinger fast path up to 2^53, and above, with a power of ten of -22 ... -5, is
  /// a normal double that cannot be halfway between two
  /// (``DecimalToDouble/eiselLemireNormal(_:_:tables:)``).
  @inlinable @inline(__always)
  public func commonValue(_ significand: UInt64, _ exponent: Int) -> Double {
    if significand <= 1 << 53 {
      var value = Double(significand)  // exact, and so is the power of ten: one rounding
      if exponent != 0 { value /= tables.powersOfTen[0 &- exponent] }
      return value
    }
    return DecimalToDouble.eiselLemireNormal(significand, exponent, tables: tables)
  }
}

/// What ``DecimalText/commonNumber(at:)`` reads: the value, its digits exactly
/// (`significand × 10^exponent`, no trailing zeros), and the offset after the text, or -1 if
/// the text is not of the common shape.
public struct CommonDecimal {
  /// The double nearest the text (without its sign).
  public var value: Double
  /// The significant digits.
  public var significand: UInt64
  /// The power of ten of the last of them.
  public var exponent: Int
  /// The offset after the number, or -1.
  public var end: Int
}

/// Digits read eight bytes at a time (SWAR: the eight bytes checked at once, the digits
/// combined in three multiplications, without branches).
public enum DecimalDigits {
  /// How many of eight bytes (a little-endian integer, the first byte lowest) are digits
  /// before the first one that is not, and the value of those digits.
  @inlinable @inline(__always)
  public static func leading(
    _ chunk: UInt64, tables: NumberTables
  ) -> (length: Int, value: UInt64) {
    let (length, value) = appending(chunk, to: 0, tables: tables)
    return (length, value)
  }

  /// ``leading(_:tables:)`` appended to the digits of a significand: how many digits, and the
  /// significand times 10^length plus their value (wrapping around past 19 digits).
  ///
  /// SWAR: the eight bytes are checked at once, and the digits combined in three
  /// multiplications (pairs, fours, eight), without branches.
  @inlinable @inline(__always)
  public static func appending(
    _ chunk: UInt64, to significand: UInt64, tables: NumberTables
  ) -> (length: Int, significand: UInt64) {
    // A byte outside "0"..."9" sets its top bit in one of the two terms; carries and borrows
    // move only toward later bytes, so the first such byte is found exactly.
    let digits = chunk &- 0x3030_3030_3030_3030
    let outside = (chunk &+ 0x4646_4646_4646_4646) | digits
    let length = (outside & 0x8080_8080_8080_8080).trailingZeroBitCount &>> 3
    // The bytes after the digits, borrows included, are shifted out, and zeros come in below:
    // leading zeros, the same value as eight digits. Two shifts of at most 32 bits each shift
    // out all eight bytes when there are no digits.
    let shift = 32 &- 4 &* length
    var value = (digits &<< shift) &<< shift
    // Each byte pair: 10 × first + second, in the pair's low byte (the high byte is dropped).
    value = (value &* (1 + 10 << 8)) &>> 8
    // Each pair of pairs, in 16 bits, and then of those, in 32 bits.
    value = ((value & 0x00FF_00FF_00FF_00FF) &* (1 + 100 << 16)) &>> 16
    value = ((value & 0x0000_FFFF_0000_FFFF) &* (1 + 10_000 << 32)) &>> 32
    return (length, significand &* tables.powersOfTenInteger[length] &+ value)
  }

  /// The value of eight bytes (a little-endian integer, the first byte lowest) that are all
  /// digits, or `nil` if one is not: ``appending(_:to:tables:)`` without the shifts that
  /// fewer digits need.
  @inlinable @inline(__always)
  public static func eight(_ chunk: UInt64) -> UInt64? {
    let digits = chunk &- 0x3030_3030_3030_3030
    guard ((chunk &+ 0x4646_4646_4646_4646) | digits) & 0x8080_8080_8080_8080 == 0 else {
      return nil
    }
    var value = (digits &* (1 + 10 << 8)) &>> 8
    value = ((value & 0x00FF_00FF_00FF_00FF) &* (1 + 100 << 16)) &>> 16
    return ((value & 0x0000_FFFF_0000_FFFF) &* (1 + 10_000 << 32)) &>> 32
  }
}

/// The bytes the number code reads and writes.
@usableFromInline
enum _Byte {
  @inlinable static var plus: UInt8 { 0x2B }
  @inlinable static var comma: UInt8 { 0x2C }
  @inlinable static var minus: UInt8 { 0x2D }
  @inlinable static var dot: UInt8 { 0x2E }
  @inlinable static var zero: UInt8 { 0x30 }
  @inlinable static var upperE: UInt8 { 0x45 }
  @inlinable static var underscore: UInt8 { 0x5F }
  @inlinable static var lowerE: UInt8 { 0x65 }
  @inlinable static var rightBrace: UInt8 { 0x7D }

  /// Letters, digits and `+ - . _`: the bytes that continue a number or a bare word.
  @inlinable @inline(__always)
  static func continuesNumber(_ byte: UInt8) -> Bool {
    let lower = byte | 0x20
    return byte &- zero < 10 || (lower >= 0x61 && lower <= 0x7A) || byte == plus
      || byte == minus || byte == dot || byte == underscore
  }
}
