/// The tables of the number code, read through pointers: inlined into another module (the JSON
/// decoder's hot path), a read of one of the tables' global arrays is a call to its accessor.
/// The memory is made once and never freed.
@frozen
public struct NumberTables: @unchecked Sendable {
  /// 10^0 ... 10^22, each exact in a double.
  public let powersOfTen: UnsafePointer<Double>
  /// 10^0 ... 10^19 as integers.
  public let powersOfTenInteger: UnsafePointer<UInt64>
  /// 5^q for q from ``powersOfFiveLowest`` to 308, normalised to 128 bits (PowersOfFive.swift).
  public let powersOfFive: UnsafePointer<(high: UInt64, low: UInt64)>
  /// The least exponent of ``powersOfFive``.
  public let powersOfFiveLowest: Int

  /// The one set of tables.
  public static let shared = NumberTables()

  private init() {
    func copy<Element>(_ array: [Element]) -> UnsafePointer<Element> {
      let memory = UnsafeMutablePointer<Element>.allocate(capacity: array.count)
      memory.initialize(from: array, count: array.count)
      return UnsafePointer(memory)
    }
    powersOfTen = copy(_powersOfTen)
    powersOfTenInteger = copy(_powersOfTenInteger)
    powersOfFive = copy(_powersOfFive)
    powersOfFiveLowest = _powersOfFiveRange.lowerBound
  }
}

/// 10^0 ... 10^22, each exact in a double.
let _powersOfTen: [Double] = [
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
  1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]

/// 10^0 ... 10^19 as integers.
let _powersOfTenInteger: [UInt64] = [
  1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
  10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000,
  1_000_000_000_000_000, 10_000_000_000_000_000, 100_000_000_000_000_000,
  1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
]
