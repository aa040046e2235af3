import Foundation
import Testing

/// A validator for the JSON Schema keywords `docs/records.schema.json` uses: `$ref` (local),
/// `$defs`, `type`, `properties`, `required`, `additionalProperties` (boolean), `enum`,
/// `const`, `oneOf`, `minimum`, `pattern`. An unknown keyword is itself a failure, so the
/// schema cannot silently rely on something this validator ignores.
struct SchemaValidator {
  let root: [String: Any]
  static let annotations: Set<String> = ["$schema", "$id", "title", "description", "$defs"]

  /// The problems of `value` against `schema`, empty when it is valid.
  func problems(_ value: Any, _ schema: [String: Any], at path: String = "$") -> [String] {
    var found: [String] = []
    for (keyword, rule) in schema {
      switch keyword {
      case _ where Self.annotations.contains(keyword):
        continue
      case "$ref":
        let reference = rule as! String
        precondition(reference.hasPrefix("#/"), "only local references")
        var target: Any = root
        for part in reference.dropFirst(2).split(separator: "/") {
          target = (target as! [String: Any])[String(part)]!
        }
        found += problems(value, target as! [String: Any], at: path)
      case "type":
        let types = (rule as? [String]) ?? [rule as! String]
        if !types.contains(where: { Self.has(value, type: $0) }) {
          found.append("\(path): expected \(types), found \(value)")
        }
      case "properties":
        guard let object = value as? [String: Any] else { continue }
        for (name, subschema) in rule as! [String: Any] {
          if let member = object[name] {
            found += problems(member, subschema as! [String: Any], at: "\(path).\(name)")
          }
        }
      case "required":
        guard let object = value as? [String: Any] else { continue }
        for name in rule as! [String] where object[name] == nil {
          found.append("\(path): missing \(name)")
        }
      case "additionalProperties":
        guard let object = value as? [String: Any], rule as? Bool == false else { continue }
        let known = Set(((schema["properties"] as? [String: Any]) ?? [:]).keys)
        for name in object.keys where !known.contains(name) {
          found.append("\(path): unexpected \(name)")
        }
      case "enum":
        if !(rule as! [Any]).contains(where: { Self.equal($0, value) }) {
          found.append("\(path): \(value) is not one of \(rule)")
        }
      case "const":
        if !Self.equal(rule, value) { found.append("\(path): \(value) is not \(rule)") }
      case "oneOf":
        let passing = (rule as! [[String: Any]]).filter { problems(value, $0, at: path).isEmpty }
        if passing.count != 1 {
          found.append("\(path): matches \(passing.count) of the oneOf schemas, not exactly 1")
        }
      case "minimum":
        if let number = value as? NSNumber, !Self.isBool(number),
          number.doubleValue < (rule as! NSNumber).doubleValue
        {
          found.append("\(path): \(number) is below \(rule)")
        }
      case "pattern":
        if let text = value as? String {
          let expression = try! NSRegularExpression(pattern: rule as! String)
          let range = NSRange(text.startIndex..., in: text)
          if expression.firstMatch(in: text, range: range) == nil {
            found.append("\(path): \(text) does not match \(rule)")
          }
        }
      default:
        found.append("schema keyword \(keyword) is not supported by this validator")
      }
    }
    return found
  }

  /// Whether JSONSerialization read `true` or `false` (a boolean NSNumber has type `c`).
  static func isBool(_ number: NSNumber) -> Bool {
    String(cString: number.objCType) == "c"
  }

  static func has(_ value: Any, type: String) -> Bool {
    switch type {
    case "object": return value is [String: Any]
    case "array": return value is [Any]
    case "string": return value is String
    case "boolean": return (value as? NSNumber).map(isBool) ?? false
    case "number": return (value as? NSNumber).map { !isBool($0) } ?? false
    case "integer":
      guard let number = value as? NSNumber, !isBool(number) else { return false }
      return number.doubleValue == number.doubleValue.rounded(.towardZero)
    case "null": return value is NSNull
    default: return false
    }
  }

  static func equal(_ a: Any, _ b: Any) -> Bool {
    (a as? NSObject)?.isEqual(b) ?? false
  }
}

/// Every record `pagetrace replay` writes is valid against `docs/records.schema.json`.
@Suite struct RecordSchemaTests {
  static func schema() throws -> [String: Any] {
    let data = try Data(contentsOf: repository.appendingPathComponent("docs/records.schema.json"))
    return try JSONSerialization.jsonObject(with: data) as! [String: Any]
  }

  static func traces() throws -> [String] { scenarioTraces }

  @Test func everyRecordOfEveryTraceIsValid() throws {
    let schema = try Self.schema()
    let validator = SchemaValidator(root: schema)
    // Several files at once, so records also carry "file".
    let run = try pagetrace(["replay", "--emit", "all"] + (try Self.traces()))
    #expect(run.status == 0)
    var types: Set<String> = []
    for line in run.stdout.split(separator: "\n") {
      let record = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
      types.insert(record["type"] as! String)
      #expect(validator.problems(record, schema).isEmpty, "\(line)")
    }
    #expect(types == ["transition", "interaction", "background", "announcement", "detail"])
  }

  @Test(arguments: [
    #"{"t":1,"type":"transition","from":0,"to":1,"animated":true,"interaction":"discrete"}"#,
    #"{"t":1,"type":"transition","from":0,"to":1,"animated":true,"interaction":"discrete","cause":"wink"}"#,
    #"{"t":1,"type":"interaction","state":"continuous","extra":1}"#,
    #"{"t":"1","type":"background","visible":true}"#,
    #"{"t":1,"type":"announcement","text":"Page 0 of 8"}"#,
    #"{"t":1,"type":"detail","page":-1}"#,
    #"{"t":1,"type":"detail","page":1.5}"#,
    #"{"t":1,"type":"scroll"}"#,
    #"{"t":1,"type":"background","visible":1}"#,
  ])
  func brokenRecordsAreRejected(_ text: String) throws {
    let schema = try Self.schema()
    let record = try JSONSerialization.jsonObject(with: Data(text.utf8))
    #expect(!SchemaValidator(root: schema).problems(record, schema).isEmpty)
  }
}
