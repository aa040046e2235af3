import PageTrace

/// The sessions of the other shards that a sharded replay counts against its limit: the
/// first ones of the input, in order of their first events, while the limit allows (the
/// whole replay would refuse the rest). At most `limit` names are kept.
struct _OtherShardSessions: Sendable {
  private var names = _NameTable()
  private var hasDefault = false

  /// How many are counted.
  var total: Int { names.count + (hasDefault ? 1 : 0) }

  /// Counts the session of an event of another shard (`nil`: the default session) unless it
  /// is counted already; `false` if it is new and the limit, with the `engineSessions` of
  /// this shard, is reached: the whole replay refuses it.
  mutating func count(
    _ name: UnsafeRawBufferPointer?, engineSessions: Int, limit: Int
  ) -> Bool {
    if let name {
      if names.existingNumber(forUTF8: name) != nil { return true }
    } else if hasDefault {
      return true
    }
    guard engineSessions + total < limit else { return false }
    if let name { _ = names.number(forUTF8: name) } else { hasDefault = true }
    return true
  }
}
