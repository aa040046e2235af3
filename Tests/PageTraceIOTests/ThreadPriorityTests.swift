import Testing

@testable import PageTraceIO

#if canImport(Glibc)
  import Glibc
#endif

/// `_System.lowerPriorityOfCurrentThread(by:)`, which the decoding threads of a parallel read
/// of one file call: on Linux the nice value of the calling thread alone rises by the steps
/// asked (at most to 19), read back with `getpriority(2)`; the thread that started it keeps
/// its own.
@Suite struct ThreadPriorityTests {
  #if canImport(Glibc)
    static func niceness() -> Int32 {
      getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
    }

    @Test func onlyTheCallingThreadIsLowered() throws {
      let before = Self.niceness()
      let seen = _Box()
      let thread = try #require(
        _System.startThread {
          let start = Self.niceness()
          _System.lowerPriorityOfCurrentThread(by: 3)
          let lowered = Self.niceness()
          _System.lowerPriorityOfCurrentThread(by: 40)
          seen.values = [start, lowered, Self.niceness()]
        })
      _System.join(thread)
      #expect(seen.values == [before, min(19, before + 3), 19])
      #expect(Self.niceness() == before)
    }

    final class _Box: @unchecked Sendable { var values: [Int32] = [] }
  #endif
}
