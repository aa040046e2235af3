import Foundation
import Testing

/// Whole numbers at and beyond 2^53 come out of every command in one form, the one a trace
/// can spell them in (docs/behaviour/output.md, "Numbers"): `9007199254740992`, then
/// `9.007199254740994e+15`, `1e+16`, `1e+22`.
@Suite struct WholeNumberOutputTests {
  /// A finger down and up at 2^53 (its id −2^53, lifted 2^53 − 200 to the right of where it
  /// went down), focus at 2^53 + 2, and two key presses at 1e16 and 1e22.
  static let events = [
    #"{"t":9007199254740992,"touch":"down","id":-9007199254740992,"x":200,"y":795}"#,
    #"{"t":9007199254740992,"touch":"up","id":-9007199254740992,"x":9007199254740992,"y":795}"#,
    #"{"t":9.007199254740994e+15,"focus":"control"}"#,
    #"{"t":1e+16,"key":"right"}"#,
    #"{"t":1e+22,"key":"right"}"#,
  ]
  static let trace = ([header] + events).joined(separator: "\n") + "\n"

  @Test func convertRoundTripsTheText() throws {
    let directory = try scratch()
    try write(Self.trace, to: "big.jsonl", in: directory)
    #expect(try pagetrace(["convert", "big.jsonl", "-o", "big.bin"], in: directory).status == 0)
    let back = try pagetrace(["convert", "big.bin", "--to", "jsonl", "-o", "-"], in: directory)
    #expect(back.status == 0)
    #expect(back.stdout == Self.trace)
  }

  @Test func replayWritesTheTimesAsTheTraceDoes() throws {
    let directory = try scratch()
    try write(Self.trace, to: "big.jsonl", in: directory)
    let run = try pagetrace(["replay", "big.jsonl"], in: directory)
    #expect(run.status == 0)
    #expect(
      run.stdout == """
        {"t":1e+16,"type":"transition","from":0,"to":1,"animated":true,"interaction":"discrete","cause":"key"}
        {"t":1e+22,"type":"transition","from":1,"to":2,"animated":true,"interaction":"discrete","cause":"key"}

        """)
    let all = try pagetrace(["replay", "--emit", "all", "big.jsonl"], in: directory)
    #expect(all.stdout.hasPrefix(#"{"t":9007199254740992,"type":"interaction""#))
    #expect(!all.stdout.contains(".0,") && !all.stdout.contains(".0}"))
    let csv = try pagetrace(["replay", "--format", "csv", "big.jsonl"], in: directory)
    #expect(
      csv.stdout == """
        t,type,session,from,to,animated,interaction,cause,state,visible,text,page,file,line,index
        1e+16,transition,,0,1,true,discrete,key,,,,,big.jsonl,,
        1e+22,transition,,1,2,true,discrete,key,,,,,big.jsonl,,

        """)
  }

  @Test func classifyWritesTheStrokeAsTheTraceDoes() throws {
    let directory = try scratch()
    try write(Self.trace, to: "big.jsonl", in: directory)
    // dx = 2^53 − 200 = 9007199254740792, a double exactly; duration 0. It went down on the
    // control and travelled far only at its up, which begins no scrub and is no tap: no outcome.
    let json = try pagetrace(["classify", "big.jsonl"], in: directory)
    #expect(json.status == 0)
    #expect(
      json.stdout.hasPrefix(
        #"{"session":null,"id":"-9007199254740992","kind":"swipe","start":9007199254740992,"#
          + #""end":9007199254740992,"duration":0,"x0":200,"y0":795,"x1":9007199254740992,"#
          + #""y1":795,"dx":9007199254740792,"dy":0,"path":9007199254740792,"peakSpeed":0,"#))
    let csv = try pagetrace(["classify", "--format", "csv", "big.jsonl"], in: directory)
    #expect(
      csv.stdout.split(separator: "\n").last
        == ",-9007199254740992,swipe,9007199254740992,9007199254740992,0,200,795,9007199254740992,795,9007199254740792,0,9007199254740792,0,0,x,container,control,none,,,0,big.jsonl"
    )
  }
}
