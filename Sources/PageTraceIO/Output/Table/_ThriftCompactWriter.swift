/// Thrift's compact protocol, as far as Parquet's metadata needs it: structs of integers,
/// strings, booleans, lists and nested structs (thrift's `TCompactProtocol`: zigzag varints,
/// field ids as deltas).
struct _ThriftCompactWriter {
  /// The compact protocol's type codes.
  enum FieldType: UInt8 {
    case booleanTrue = 1, booleanFalse = 2, byte = 3, i16 = 4, i32 = 5, i64 = 6, double = 7
    case binary = 8, list = 9, set = 10, map = 11, structure = 12
  }

  private(set) var bytes: [UInt8] = []
  /// The last field id of each open struct, innermost last.
  private var lastField: [Int16] = []

  mutating func varint(_ value: UInt64) {
    var value = value
    while value >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
      value >>= 7
    }
    bytes.append(UInt8(value))
  }

  private mutating func zigzag(_ value: Int64) {
    varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
  }

  private mutating func fieldHeader(_ id: Int16, _ type: FieldType) {
    let delta = id - lastField[lastField.count - 1]
    if delta > 0 && delta <= 15 {
      bytes.append(UInt8(delta) << 4 | type.rawValue)
    } else {
      bytes.append(type.rawValue)
      zigzag(Int64(id))
    }
    lastField[lastField.count - 1] = id
  }

  mutating func field(_ id: Int16, i32 value: Int32) {
    fieldHeader(id, .i32)
    zigzag(Int64(value))
  }

  mutating func field(_ id: Int16, i64 value: Int64) {
    fieldHeader(id, .i64)
    zigzag(value)
  }

  mutating func field(_ id: Int16, bool value: Bool) {
    fieldHeader(id, value ? .booleanTrue : .booleanFalse)
  }

  mutating func field(_ id: Int16, string value: String) {
    fieldHeader(id, .binary)
    binary(value)
  }

  mutating func binary(_ value: String) {
    varint(UInt64(value.utf8.count))
    bytes.append(contentsOf: value.utf8)
  }

  /// A list field of `count` elements of `type`, written next by the caller (structs with
  /// ``beginStruct()``/``endStruct()``, integers with ``element(i32:)``).
  mutating func field(_ id: Int16, listOf type: FieldType, count: Int) {
    fieldHeader(id, .list)
    if count < 15 {
      bytes.append(UInt8(count) << 4 | type.rawValue)
    } else {
      bytes.append(0xF0 | type.rawValue)
      varint(UInt64(count))
    }
  }

  mutating func element(i32 value: Int32) { zigzag(Int64(value)) }

  /// A struct field: its fields follow, then ``endStruct()``.
  mutating func field(_ id: Int16, structure: Void) {
    fieldHeader(id, .structure)
    beginStruct()
  }

  /// A struct as a list element or the outermost value.
  mutating func beginStruct() { lastField.append(0) }

  mutating func endStruct() {
    bytes.append(0)  // the stop field
    lastField.removeLast()
  }
}
