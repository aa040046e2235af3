import Testing

@testable import PageTraceIO

@Suite struct ShardTests {
  /// The shard (of `count`) that holds a session name: FNV-1a 64 modulo `count`.
  func shard(of name: String, count: Int) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    return Int(hash % UInt64(count))
  }

  func membership(_ line: String, index: Int, count: Int) -> Bool? {
    let bytes = Array(line.utf8)
    return bytes.withUnsafeBytes {
      TraceReplay.Shard(index: index, count: count)!.membership(ofLine: $0)
    }
  }

  @Test func aPlainLineTellsItsSessionWithoutDecoding() {
    for (line, name) in [
      (#"{"t":1,"session":"phone-7","touch":"move","id":1,"x":2,"y":3}"#, "phone-7"),
      (#"{"t":1,"id":"session","session" : "b","key":"tab"}"#, "b"),
      (#"{ "session":"","t":1,"key":"tab"}"#, ""),
      (#"{"t":1,"touch":"move","id":1,"x":2,"y":3}"#, ""),  // the default session
      (#"{"t":1,"session":"café","key":"tab"}"#, "café"),
    ] {
      for count in [1, 2, 3, 7] {
        for index in 0..<count {
          #expect(
            membership(line, index: index, count: count)
              == (shard(of: name, count: count) == index), "\(line)")
        }
      }
    }
  }

  @Test func aLineItCannotTellIsLeftToTheDecoder() {
    for line in [
      #"{"t":1,"session":"a\"b","key":"tab"}"#,  // an escape
      #"{"t":1,"x":{"session":"a"},"key":"tab"}"#,  // a nested object
      #"{"t":1,"session":7,"key":"tab"}"#,  // not a string
      #"{"t":1,"session":"unclosed"#, "", "   ",
    ] {
      #expect(membership(line, index: 0, count: 2) == nil, "\(line)")
    }
  }

  @Test func onlyValidShardsExist() {
    #expect(TraceReplay.Shard(index: 0, count: 1) != nil)
    #expect(TraceReplay.Shard(index: 2, count: 2) == nil)
    #expect(TraceReplay.Shard(index: -1, count: 2) == nil)
    #expect(TraceReplay.Shard(index: 0, count: 0) == nil)
  }
}
