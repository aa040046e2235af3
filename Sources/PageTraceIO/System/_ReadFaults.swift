import Synchronization

/// Reads that fail on purpose, for the tests of a damaged disk, which a test cannot otherwise
/// make of a regular file: a test names a file and a byte, and every read of a range of that
/// file (a parallel replay's) fails with EIO from that byte on. Nothing is registered outside
/// such tests; a read then pays one relaxed load.
package enum _ReadFaults {
  private static let isActive = Atomic<Bool>(false)
  private static let faults = Mutex<[String: Int]>([:])

  /// Makes reads of the ranges of the file named `name` (as its reader names it) fail from
  /// byte `offset` on, until ``clear(_:)``.
  package static func failReads(of name: String, from offset: Int) {
    faults.withLock { $0[name] = offset }
    isActive.store(true, ordering: .releasing)
  }

  /// Lets reads of the file named `name` succeed again.
  package static func clear(_ name: String) {
    let empty = faults.withLock {
      $0[name] = nil
      return $0.isEmpty
    }
    if empty { isActive.store(false, ordering: .releasing) }
  }

  /// The byte from which reads of the file named `name` fail, if a test said so.
  static func failingOffset(of name: String) -> Int? {
    guard isActive.load(ordering: .acquiring) else { return nil }
    return faults.withLock { $0[name] }
  }
}
