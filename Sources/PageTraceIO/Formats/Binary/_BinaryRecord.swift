import PageTrace

/// The layout of the binary trace format (`docs/binary-format.md`): offsets, kinds, codes and
/// flag bits, shared by ``BinaryTraceWriter`` and ``BinaryTraceReader``.
///
/// Every record is 40 bytes, little-endian:
///
/// | offset | size | field |
/// |---|---|---|
/// | 0 | 8 | `t`: f64 (0 in a string entry) |
/// | 8 | 1 | kind |
/// | 9 | 1 | code: the phase, key, focus or action |
/// | 10 | 1 | flags |
/// | 11 | 1 | extra: the style of a `set` |
/// | 12 | 4 | session: u32 string index, 0 for none (a string entry: the index it defines) |
/// | 16 | 8 | x: f64 (`set`: current as i64; a string entry: the byte length as u64) |
/// | 24 | 8 | y: f64 (`set`: pages as i64) |
/// | 32 | 8 | id: f64, or a u64 string index when the id is a string |
enum _BinaryRecord {
  static let size = 40
  /// The fixed part of the file header: magic, version, flags, configuration length.
  static let headerSize = 16

  static let kindOffset = 8
  static let codeOffset = 9
  static let flagsOffset = 10
  static let extraOffset = 11
  static let sessionOffset = 12
  static let xOffset = 16
  static let yOffset = 24
  static let idOffset = 32

  // Kinds.
  static let stringEntry: UInt8 = 0
  static let touch: UInt8 = 1
  static let pointer: UInt8 = 2
  static let key: UInt8 = 3
  static let focus: UInt8 = 4
  static let accessibility: UInt8 = 5
  static let set: UInt8 = 6

  // Flags of touch and pointer records.
  static let hasX: UInt8 = 1 << 0
  static let hasY: UInt8 = 1 << 1
  static let idIsString: UInt8 = 1 << 2

  // Flags of set records.
  static let hasCurrent: UInt8 = 1 << 0
  static let hasPages: UInt8 = 1 << 1
  static let hasEnabled: UInt8 = 1 << 2
  static let enabledValue: UInt8 = 1 << 3
  static let hasContinuous: UInt8 = 1 << 4
  static let continuousValue: UInt8 = 1 << 5

  /// The number of bytes `count` takes once padded to whole records.
  static func padded(_ count: Int) -> Int { (count + size - 1) / size * size }

  // MARK: Codes

  static func code(of phase: TouchPhase) -> UInt8 {
    switch phase {
    case .down: 0
    case .move: 1
    case .up: 2
    case .cancel: 3
    }
  }

  static func touchPhase(_ code: UInt8) -> TouchPhase? {
    switch code {
    case 0: .down
    case 1: .move
    case 2: .up
    case 3: .cancel
    default: nil
    }
  }

  static func code(of phase: PointerPhase) -> UInt8 {
    switch phase {
    case .hover: 0
    case .down: 1
    case .move: 2
    case .up: 3
    }
  }

  static func pointerPhase(_ code: UInt8) -> PointerPhase? {
    switch code {
    case 0: .hover
    case 1: .down
    case 2: .move
    case 3: .up
    default: nil
    }
  }

  static func code(of key: Key) -> UInt8 {
    switch key {
    case .tab: 0
    case .left: 1
    case .right: 2
    case .up: 3
    case .down: 4
    case .space: 5
    case .home: 6
    case .end: 7
    }
  }

  static func key(_ code: UInt8) -> Key? {
    switch code {
    case 0: .tab
    case 1: .left
    case 2: .right
    case 3: .up
    case 4: .down
    case 5: .space
    case 6: .home
    case 7: .end
    default: nil
    }
  }

  static func code(of action: AccessibilityAction) -> UInt8 {
    switch action {
    case .increment: 0
    case .decrement: 1
    case .activate: 2
    case .scrollForward: 3
    case .scrollBackward: 4
    }
  }

  static func accessibilityAction(_ code: UInt8) -> AccessibilityAction? {
    switch code {
    case 0: .increment
    case 1: .decrement
    case 2: .activate
    case 3: .scrollForward
    case 4: .scrollBackward
    default: nil
    }
  }

  /// The `extra` byte of a `set` record: 0 for no style.
  static func extra(of style: BackgroundStyle?) -> UInt8 {
    switch style {
    case nil: 0
    case .automatic: 1
    case .prominent: 2
    case .minimal: 3
    }
  }

  /// The style of a `set` record's `extra` byte: `.some(nil)` for 0, `nil` if unknown.
  static func style(_ extra: UInt8) -> BackgroundStyle?? {
    switch extra {
    case 0: .some(nil)
    case 1: .automatic
    case 2: .prominent
    case 3: .minimal
    default: nil
    }
  }
}

extension UnsafeRawPointer {
  @inline(__always)
  func _byte(at offset: Int) -> UInt8 { load(fromByteOffset: offset, as: UInt8.self) }

  @inline(__always)
  func _uint16(at offset: Int) -> UInt16 {
    UInt16(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt16.self))
  }

  @inline(__always)
  func _uint32(at offset: Int) -> UInt32 {
    UInt32(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt32.self))
  }

  @inline(__always)
  func _uint64(at offset: Int) -> UInt64 {
    UInt64(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }
}

extension UnsafeMutableRawPointer {
  @inline(__always)
  func _store(_ value: UInt8, at offset: Int) {
    storeBytes(of: value, toByteOffset: offset, as: UInt8.self)
  }

  @inline(__always)
  func _store(_ value: UInt16, at offset: Int) {
    storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt16.self)
  }

  @inline(__always)
  func _store(_ value: UInt32, at offset: Int) {
    storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt32.self)
  }

  @inline(__always)
  func _store(_ value: UInt64, at offset: Int) {
    storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt64.self)
  }
}
