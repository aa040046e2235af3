// The release-mode check of PageTrace's shortest-digits printer (docs/behaviour/output.md, "Numbers"):
// random doubles written by `JSONText.number`, the writer every command uses, against the
// standard library's `description` (whole numbers up to 2^53 against their integer text, which
// the writer keeps). Half the doubles are random bit patterns over every exponent; half are
// what traces hold, times and coordinates from 0 to 10,000 with 17 significant digits.
//
//   shortest-digits-check [COUNT] [SEED]     # default: 10,000,000 doubles, a fresh seed
//
// Prints the seed and the count; exits 1 on the first differences (up to 10 are printed).
// CI (.ci/run) runs it in the release build of the portable binary.
import PageTraceGenerator
import PageTraceIO

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let arguments = CommandLine.arguments
let count = arguments.count > 1 ? Int(arguments[1]) ?? 10_000_000 : 10_000_000
var seed: UInt64
if arguments.count > 2, let given = UInt64(arguments[2]) {
  seed = given
} else {
  var system = SystemRandomNumberGenerator()
  seed = system.next()
}
print(
  "shortest-digits-check: \(count) doubles, seed \(seed) (repeat: shortest-digits-check \(count) \(seed))"
)

/// What the writer must print: the standard library's text.
func expected(_ value: Double) -> String {
  if !value.isFinite { return "null" }
  if value.magnitude <= 0x1p53 && value == value.rounded(.towardZero) {
    return value == 0 && value.sign == .minus ? "-0" : String(Int(value))
  }
  return value.description
}

var generator = SplitMix64(seed: seed)
var failures = 0
var checked = 0
for index in 0..<count {
  let random = generator.next()
  let value: Double
  if index & 1 == 0 {
    value = Double(bitPattern: random)
  } else {
    // A uniform 53-bit fraction of 10,000 (sign from the top bit).
    let magnitude = Double(random >> 11) * 0x1p-53 * 10_000
    value = random & 1 == 0 ? magnitude : -magnitude
  }
  let text = JSONText.number(value)
  let oracle = expected(value)
  checked += 1
  if text != oracle {
    failures += 1
    if failures <= 10 {
      print(
        "differs: bits 0x\(String(value.bitPattern, radix: 16)) printed \(text), description \(oracle)"
      )
    }
  }
}
print("shortest-digits-check: \(checked) doubles checked, \(failures) differ (seed \(seed))")
exit(failures == 0 ? 0 : 1)
