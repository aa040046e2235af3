/// An independent reference for rounding to decimals and for the decimals of the shortest
/// form, for the tests: exact integer arithmetic and the standard library, nothing of
/// PageTraceIO (whose own slow path is the C library's text, `printf` and `strtod`).

/// A non-negative integer of any size (little-endian 32-bit limbs, no high zero limb): just the
/// arithmetic an exact rounding needs.
struct _BigUInt: Equatable {
  var limbs: [UInt32] = []

  init(_ value: UInt64) {
    limbs = [UInt32(truncatingIfNeeded: value), UInt32(truncatingIfNeeded: value >> 32)]
    _normalize()
  }

  var isZero: Bool { limbs.isEmpty }

  private mutating func _normalize() {
    while limbs.last == 0 { limbs.removeLast() }
  }

  /// The bit at `position` (0 beyond the top).
  func bit(_ position: Int) -> Bool {
    let limb = position / 32
    return limb < limbs.count && (limbs[limb] >> UInt32(position % 32)) & 1 == 1
  }

  /// Whether any bit below `position` is set.
  func hasBits(below position: Int) -> Bool {
    for index in 0..<min(position / 32, limbs.count) where limbs[index] != 0 { return true }
    let limb = position / 32
    guard limb < limbs.count, position % 32 > 0 else { return false }
    return limbs[limb] & ((1 << UInt32(position % 32)) - 1) != 0
  }

  mutating func multiply(by factor: UInt32, adding addend: UInt32 = 0) {
    var carry = UInt64(addend)
    for index in limbs.indices {
      let product = UInt64(limbs[index]) * UInt64(factor) + carry
      limbs[index] = UInt32(truncatingIfNeeded: product)
      carry = product >> 32
    }
    if carry != 0 { limbs.append(UInt32(carry)) }
    _normalize()
  }

  /// `self × 2^count`.
  func shiftedLeft(_ count: Int) -> _BigUInt {
    var result = self
    for _ in 0..<count { result.multiply(by: 2) }
    return result
  }

  /// `self / 2^count`, rounded down.
  func shiftedRight(_ count: Int) -> _BigUInt {
    var result = _BigUInt(0)
    let top = limbs.count * 32
    var position = top - 1
    while position >= count {
      result.multiply(by: 2, adding: bit(position) ? 1 : 0)
      position -= 1
    }
    return result
  }

  /// Divides by `divisor`; returns the remainder.
  mutating func divide(by divisor: UInt32) -> UInt32 {
    var remainder: UInt64 = 0
    for index in limbs.indices.reversed() {
      let current = remainder << 32 | UInt64(limbs[index])
      limbs[index] = UInt32(current / UInt64(divisor))
      remainder = current % UInt64(divisor)
    }
    _normalize()
    return UInt32(remainder)
  }

  /// The decimal digits.
  var decimal: String {
    guard !isZero else { return "0" }
    var rest = self
    var digits: [Character] = []
    while !rest.isZero {
      let digit = rest.divide(by: 10)
      digits.append(Character(Unicode.Scalar(UInt8(48 + digit))))
    }
    return String(digits.reversed())
  }
}

/// `value` rounded to `decimals` places, ties to even on its exact binary value, read back as
/// the nearest double: exactly, as `value = M × 2^E`, `n = round(M × 10^decimals × 2^E)` in
/// integers, then the standard library reads the text `n e-decimals`.
func exactlyRounded(_ value: Double, decimals: Int) -> Double {
  precondition(value.isFinite && decimals >= 0)
  if value == 0 { return value }
  let significand = value.significandBitPattern | (value.isNormal ? 1 << 52 : 0)
  let exponent = (value.isNormal ? Int(value.exponent) : -1022) - 52
  var scaled = _BigUInt(significand)
  for _ in 0..<decimals { scaled.multiply(by: 10) }
  var integer: _BigUInt
  if exponent >= 0 {
    integer = scaled.shiftedLeft(exponent)
  } else {
    let shift = -exponent
    integer = scaled.shiftedRight(shift)
    // The dropped bits against one half: above, or a tie with an odd integer, round up.
    let half = scaled.bit(shift - 1)
    let rest = scaled.hasBits(below: shift - 1)
    if half && (rest || integer.bit(0)) { integer.multiply(by: 1, adding: 1) }
  }
  let sign = value.sign == .minus ? "-" : ""
  return Double("\(sign)\(integer.decimal)e-\(decimals)")!
}

/// How many decimals the shortest form that reads back as `value` has, counted in the
/// standard library's shortest round-trip text (`description`: `1e-05`, `1.5`, `1e+16`).
func decimalPlacesOfShortestText(_ value: Double) -> Int {
  let text = value.magnitude.description
  let parts = text.split(separator: "e", maxSplits: 1)
  var fraction = parts[0].split(separator: ".", maxSplits: 1).dropFirst().first ?? ""
  while fraction.hasSuffix("0") { fraction = fraction.dropLast() }
  let exponent = parts.count == 2 ? Int(parts[1])! : 0
  return max(0, fraction.count - exponent)
}
