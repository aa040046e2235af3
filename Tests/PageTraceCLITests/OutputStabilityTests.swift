import Foundation
import Testing

/// The fast path (flat events, decoding straight into them, the faster scanner) changed how
/// traces are read, not what comes out: every output here is byte for byte what pagetrace
/// 0.4.0 (commit 2b8a7b6, before the change) wrote for the same generated traces.
///
/// The digests are the 64-bit FNV-1a hashes of 0.4.0's standard output, recorded once from
/// that build (`pagetrace CMD FILE | fnv1a`). The traces are 20,000 generated events each:
/// one unnamed session with 8 pages, three sessions, and four sessions of a 300-page
/// control; JSON Lines and the same events converted to binary.
///
/// `stats --format json` changed shape since (issue 14: `pagesPerScrub` summarised, every
/// stroke class listed): its digests are of the new shape, whose figures were checked to be
/// 0.4.0's (the same arrays summarised, the missing stroke classes 0).
@Suite struct OutputStabilityTests {
  static let digests: [(arguments: String, digest: UInt64)] = [
    ("replay --emit all g1.jsonl", 0xbee0_e467_6c21_c4df),
    ("replay --emit all g1.bin", 0xbee0_e467_6c21_c4df),
    ("classify g1.jsonl", 0x1849_b05e_b573_c927),
    ("classify g1.bin", 0x1849_b05e_b573_c927),
    ("stats --format json g1.jsonl", 0xa84a_015e_b1a7_2ca4),
    ("stats --format json g1.bin", 0x8fd7_40f8_d93b_8205),
    ("replay --emit all g2.jsonl", 0x34b8_fb14_bd2e_7f86),
    ("replay --emit all g2.bin", 0x34b8_fb14_bd2e_7f86),
    ("classify g2.jsonl", 0x0eac_27fe_f752_69f8),
    ("classify g2.bin", 0x0eac_27fe_f752_69f8),
    ("stats --format json g2.jsonl", 0x8e2a_b071_f2e4_7614),
    ("stats --format json g2.bin", 0x1ec4_9d51_f859_80b1),
    ("replay --emit all g3.jsonl", 0xb481_4305_edf8_c4a9),
    ("replay --emit all g3.bin", 0xb481_4305_edf8_c4a9),
    ("classify g3.jsonl", 0x0271_4e03_daab_3635),
    ("classify g3.bin", 0x0271_4e03_daab_3635),
    ("stats --format json g3.jsonl", 0xcaf7_ccb2_2754_379a),
    ("stats --format json g3.bin", 0xbc41_3c32_8d78_d713),
  ]

  @Test func outputsAreThoseOfTheReleaseBeforeTheFastPath() throws {
    let directory = try scratch()
    for (seed, sessions, pages) in [(1, 1, 8), (2, 3, 8), (3, 4, 300)] {
      let generate = try pagetrace(
        [
          "generate", "--events", "20000", "--seed", "\(seed)", "--sessions", "\(sessions)",
          "--pages", "\(pages)", "-o", "g\(seed).jsonl",
        ], in: directory)
      #expect(generate.status == 0, "\(generate.stderr)")
      let convert = try pagetrace(
        ["convert", "g\(seed).jsonl", "-o", "g\(seed).bin"], in: directory)
      #expect(convert.status == 0, "\(convert.stderr)")
    }
    for (arguments, digest) in Self.digests {
      let run = try pagetrace(arguments.split(separator: " ").map(String.init), in: directory)
      #expect(run.status == 0, "\(arguments): \(run.stderr)")
      #expect(Self.fnv1a(run.stdout) == digest, "\(arguments)")
    }
  }

  /// The 64-bit FNV-1a hash of the UTF-8 bytes.
  static func fnv1a(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    return hash
  }
}
