import Dispatch
import Synchronization

/// Reads that fail on purpose, for the tests of a damaged disk, which a test cannot otherwise
/// make of a regular file: a test names a file and a byte, and every read of a range of that
/// file (a parallel replay's) fails with EIO from that byte on. Nothing is registered outside
/// such tests; a read then pays one relaxed load.
package enum _ReadFaults {
  /// The registered faults, behind a semaphore (`Mutex` waits on a futex, which
  /// ThreadSanitizer does not see, and it reports the accesses as a race).
  private final class Registry: @unchecked Sendable {
    let isActive = Atomic<Bool>(false)
    private let lock = DispatchSemaphore(value: 1)
    private var faults: [String: Int] = [:]

    func withFaults<Result>(_ body: (inout [String: Int]) -> Result) -> Result {
      lock.wait()
      defer { lock.signal() }
      return body(&faults)
    }
  }
  private static let registry = Registry()

  /// Makes reads of the ranges of the file named `name` (as its reader names it) fail from
  /// byte `offset` on, until ``clear(_:)``.
  package static func failReads(of name: String, from offset: Int) {
    registry.withFaults { $0[name] = offset }
    registry.isActive.store(true, ordering: .releasing)
  }

  /// Lets reads of the file named `name` succeed again.
  package static func clear(_ name: String) {
    let empty = registry.withFaults {
      $0[name] = nil
      return $0.isEmpty
    }
    if empty { registry.isActive.store(false, ordering: .releasing) }
  }

  /// The byte from which reads of the file named `name` fail, if a test said so.
  static func failingOffset(of name: String) -> Int? {
    guard registry.isActive.load(ordering: .acquiring) else { return nil }
    return registry.withFaults { $0[name] }
  }
}
