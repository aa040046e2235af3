import PageTrace

extension TraceReplay {
  /// A part of an input's sessions, for replaying one input on several machines at once
  /// (`replay --shard K/N`): the sessions whose name's 64-bit FNV-1a hash (of its UTF-8
  /// bytes; the default session's name is empty) leaves remainder `index` when divided by
  /// `count`. The hash is stable across runs and machines, so the `count` shards of an input
  /// hold each of its sessions exactly once.
  ///
  /// ```swift
  /// let shard = TraceReplay.Shard(index: 1, count: 4)!
  /// shard.contains(session: "phone-7")   // the same answer everywhere
  /// ```
  public struct Shard: Sendable, Hashable {
    /// Which shard, from 0.
    public let index: Int
    /// How many shards.
    public let count: Int

    /// A shard, or `nil` unless `0 <= index < count`.
    public init?(index: Int, count: Int) {
      guard count >= 1, index >= 0, index < count else { return nil }
      self.index = index
      self.count = count
    }

    /// Whether the session of this name (`nil`: the default session) is in the shard.
    public func contains(session name: String?) -> Bool {
      var name = name ?? ""
      return name.withUTF8 { contains(utf8: UnsafeRawBufferPointer($0)) }
    }

    /// Whether the session whose name has these UTF-8 bytes is in the shard.
    public func contains(utf8 name: UnsafeRawBufferPointer) -> Bool {
      _fnv1a(name) % UInt64(count) == UInt64(index)
    }

    /// Whether a JSON Lines event line's session is in the shard, found without decoding
    /// the line; `nil` when that cannot be told so (then decode it).
    ///
    /// Told only for a line with no backslash (so no escape can hide a quote) and a single
    /// `{` (so no nested object can hold a `session` key): then the first `"session"` followed
    /// by `:` is the top-level key, and its value, if a string, is the name; without one, the
    /// session is the default one. A line that is not valid JSON may be told too: it is then
    /// reported by the shard of the session it names, as its events would be.
    package func membership(ofLine line: UnsafeRawBufferPointer) -> Bool? {
      guard let name = Self.sessionName(ofLine: line) else { return nil }
      return contains(utf8: name ?? UnsafeRawBufferPointer(start: nil, count: 0))
    }

    /// The UTF-8 bytes of a JSON Lines event line's session name, found as
    /// ``membership(ofLine:)`` finds it: `.some(nil)` for the default session, `nil` when
    /// that cannot be told without decoding.
    @usableFromInline
    static func sessionName(ofLine line: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer?? {
      guard let base = line.baseAddress, !line.isEmpty else { return nil }
      let count = line.count
      func find(_ byte: UInt8, from offset: Int) -> Int? {
        guard offset < count,
          let found = _System.find(
            byte, in: UnsafeMutableRawPointer(mutating: base + offset), count: count - offset)
        else { return nil }
        return UnsafeRawPointer(found) - base
      }
      func skipSpaces(_ offset: inout Int) {
        while offset < count, case let byte = line[offset], byte == 0x20 || byte == 0x09 {
          offset += 1
        }
      }
      guard find(UInt8(ascii: "\\"), from: 0) == nil, let brace = find(UInt8(ascii: "{"), from: 0),
        find(UInt8(ascii: "{"), from: brace + 1) == nil
      else { return nil }
      var from = brace + 1
      while let quote = find(UInt8(ascii: "\""), from: from) {
        from = quote + 1
        // `session"` after the quote, compared as one 8-byte word.
        guard quote + 9 <= count,
          UInt64(littleEndian: base.loadUnaligned(fromByteOffset: quote + 1, as: UInt64.self))
            == _PackedWord.session
        else { continue }
        var position = quote + 9
        skipSpaces(&position)
        guard position < count, line[position] == UInt8(ascii: ":") else { continue }  // a value
        position += 1
        skipSpaces(&position)
        guard position < count, line[position] == UInt8(ascii: "\""),
          let end = find(UInt8(ascii: "\""), from: position + 1)
        else { return nil }
        return .some(UnsafeRawBufferPointer(start: base + position + 1, count: end - position - 1))
      }
      return .some(nil)
    }
  }
}

/// What a sharded replay knows of the sessions: which are in the shard, and the sessions of
/// the other shards counted against the limit, so that every shard refuses the same sessions
/// as the whole replay (docs/behaviour/replay.md, "Replay command").
@usableFromInline
struct ShardSessions {
  /// Where a session stands.
  @usableFromInline
  enum Membership: UInt8 {
    /// Not yet known.
    case unknown
    /// In the shard, not yet held by the engine.
    case new
    /// In another shard.
    case other
    /// In the shard and held by the engine.
    case held
  }

  let shard: TraceReplay.Shard
  let limit: Int
  /// By session number.
  private var memberships: [Membership] = []
  private var others = _OtherShardSessions()

  @usableFromInline
  init(_ options: TraceReplay.Options) {
    shard = options.shard!
    limit = options.maximumSessions
  }

  /// Where `session`, named `name`, stands, found the first time it is asked.
  @usableFromInline
  mutating func membership(of session: SessionID, named name: @autoclosure () -> String?)
    -> Membership
  {
    let index = session.index
    if index >= memberships.count {
      memberships.append(
        contentsOf: repeatElement(.unknown, count: index + 1 - memberships.count))
    }
    if memberships[index] == .unknown {
      memberships[index] = shard.contains(session: name()) ? .new : .other
    }
    return memberships[index]
  }

  /// Whether the engine, holding `engineSessions`, must refuse a session new to the shard.
  @usableFromInline
  func refuses(_ session: SessionID, engineSessions: Int) -> Bool {
    let index = session.index
    return index < memberships.count && memberships[index] == .new
      && engineSessions + others.total >= limit
  }

  /// The engine now holds `session`.
  @usableFromInline
  mutating func hold(_ session: SessionID) { memberships[session.index] = .held }

  /// The reader forgot `session`, refused: its number may name another session.
  mutating func forget(_ session: SessionID) {
    if session.index < memberships.count { memberships[session.index] = .unknown }
  }

  /// Counts the session of another shard's event (`nil`: the default session) against the
  /// limit; `false` when it is new and the whole replay would refuse it.
  @usableFromInline
  mutating func countOther(_ name: UnsafeRawBufferPointer?, engineSessions: Int) -> Bool {
    others.count(name, engineSessions: engineSessions, limit: limit)
  }
}
