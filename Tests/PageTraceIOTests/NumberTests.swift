import PageTrace
import Testing

@testable import PageTraceIO

@Suite struct NumberTests {
  @Test(arguments: [
    ("0.1", 0.1), ("1e22", 1e22), ("1e23", 1e23), ("0", 0), ("1E+2", 100), ("1e-2", 0.01),
    ("2.2250738585072014e-308", 2.2250738585072014e-308),
    ("1.7976931348623157e308", 1.7976931348623157e308),
    ("1.7976931348623158e308", 1.7976931348623157e308),
    ("4.9406564584124654e-324", Double.leastNonzeroMagnitude),
    ("9007199254740993", 9007199254740992), ("9007199254740995", 9007199254740996),
    ("123456789012345678901234567890", 1.2345678901234568e29),
    ("0.000001", 1e-6), ("1.5E-3", 0.0015), ("-2.5e+3", -2500), ("1e-400", 0),
    ("123e30", 1.23e32), ("0.30000000000000004", 0.30000000000000004),
    ("1.00000000000000011102230246251565404236316680908203125", 1),
    ("1.00000000000000011102230246251565404236316680908203126", 1.0000000000000002),
    ("100000000000000000000000", 1e23), ("3.0", 3), ("30e-1", 3),
  ])
  func exactValues(text: String, expected: Double) throws {
    let value = try time(text)
    #expect(value.bitPattern == expected.bitPattern, "\(text) read as \(value)")
  }

  @Test func smallestSubnormal() throws {
    // The literal 5e-324 warns in Swift source, so compare with the constant instead.
    #expect(try time("5e-324") == Double.leastNonzeroMagnitude)
    #expect(try time("-5e-324") == -Double.leastNonzeroMagnitude)
  }

  @Test func negativeZeroKeepsItsSign() throws {
    let value = try time("-0")
    #expect(value == 0 && value.sign == .minus)
    #expect(try time("-0.0e5").sign == .minus)
  }

  @Test func agreesWithTheStandardLibraryOnManyRandomNumbers() throws {
    var generator = SystemRandomNumberGenerator()
    let digits = Array("0123456789")
    for _ in 0..<5000 {
      let count = Int.random(in: 1...22, using: &generator)
      var mantissa = String(digits[Int.random(in: 1...9, using: &generator)])
      for _ in 1..<count { mantissa.append(digits.randomElement(using: &generator)!) }
      if Bool.random(using: &generator) {
        let point = Int.random(in: 1...mantissa.count, using: &generator)
        if point < mantissa.count {
          mantissa.insert(".", at: mantissa.index(mantissa.startIndex, offsetBy: point))
        }
      }
      let exponent = Int.random(in: -340...300, using: &generator)
      let text = Bool.random(using: &generator) ? "\(mantissa)e\(exponent)" : mantissa
      let expected = Double(text)!
      guard expected.isFinite else { continue }
      #expect(try time(text).bitPattern == expected.bitPattern, "\(text)")
    }
  }

  @Test(arguments: ["1e999", "-1e999", "1.7976931348623159e308", "1e400"])
  func overflowIsAnError(text: String) {
    let error = decodingError("{\"t\":\(text),\"key\":\"tab\"}")
    #expect(error?.expected == "a finite number")
    #expect(error?.found == text)
    #expect(error?.column == 6)
  }

  @Test(arguments: [
    ("NaN", "a number for \"t\""), ("Infinity", "a number for \"t\""),
    ("-Infinity", "a finite number"), ("01", "a number without leading zeros"),
    ("1.", "a digit after the decimal point"), (".5", "a number for \"t\""),
    ("1e", "a digit in the exponent"), ("+1", "a number for \"t\""), ("0x1F", "a number"),
    ("1.5.2", "a number"), ("-", "a number"),
  ])
  func malformedNumbers(text: String, expected: String) {
    let error = decodingError("{\"t\":\(text),\"key\":\"tab\"}")
    #expect(error?.expected == expected)
    #expect(error?.found == text)
    #expect(error?.column == 6)
  }

  @Test func nonFiniteTokensAreErrorsAnywhereOnTheLine() {
    for value in ["NaN", "Infinity", "-Infinity", "[1,NaN]", "{\"a\":{\"b\":1e999}}"] {
      let error = decodingError("{\"t\":1,\"key\":\"tab\",\"extra\":\(value)}")
      #expect(error?.expected == "a finite number", "\(value)")
    }
  }

  @Test func integersMustBeExact() throws {
    func current(_ text: String) throws(TraceError) -> Int? {
      guard case .set(let change) = try event("{\"t\":0,\"set\":{\"current\":\(text)}}")!.action
      else { return nil }
      return change.current
    }
    #expect(try current("3") == 3)
    #expect(try current("3.0") == 3)
    #expect(try current("0.3e1") == 3)
    #expect(try current("-2") == -2)
    #expect(try current("1e2") == 100)
    #expect(try current("9007199254740992") == 9_007_199_254_740_992)
    #expect(try current("-9007199254740992") == -9_007_199_254_740_992)
    let fraction = decodingError("{\"t\":0,\"set\":{\"current\":1.5}}")
    #expect(fraction?.expected == "an integer for \"set.current\"")
    #expect(fraction?.found == "1.5")
    #expect(fraction?.column == 25)
    for text in ["9007199254740993", "1e300", "-9007199254740993", "123456789012345678901234"] {
      let error = decodingError("{\"t\":0,\"set\":{\"current\":\(text)}}")
      #expect(error?.expected.hasPrefix("an integer from -2^53 to 2^53") == true, "\(text)")
    }
    let tooPrecise = decodingError("{\"t\":0,\"set\":{\"pages\":1.00000000000000000001}}")
    #expect(tooPrecise?.expected == "an integer >= 0 for \"set.pages\"")
    let negative = decodingError("{\"t\":0,\"set\":{\"pages\":-1}}")
    #expect(negative?.expected == "an integer >= 0 for \"set.pages\"")
  }

  @Test func clingerFastPathMatchesStrtod() {
    for significand: UInt64 in [1, 3, 7, 123_456_789, 9_007_199_254_740_991, 1 << 53] {
      for exponent in -22...37 {
        guard let fast = _JSONScanner.clingerFastPath(significand, exponent) else { continue }
        let expected = Double("\(significand)e\(exponent)")!
        #expect(fast.bitPattern == expected.bitPattern, "\(significand)e\(exponent)")
      }
    }
    #expect(_JSONScanner.clingerFastPath((1 << 53) + 1, 0) == nil)
    #expect(_JSONScanner.clingerFastPath(1, 23) == 1e23)
    #expect(_JSONScanner.clingerFastPath(1 << 53, 23) == nil)
  }
}
