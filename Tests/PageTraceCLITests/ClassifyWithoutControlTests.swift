import Foundation
import Testing

/// Issue 22: `classify` needs no page control. Without `control` from any source (header,
/// `--config`, flags), the keys that say what a control made of a stroke are null (CSV: their
/// cells empty); with one, the line is as before. Expected lines written by hand: a
/// still finger held 0.05 s is a tap (travel 0 < 16 pt, 0.05 s < 0.15 s).
@Suite struct ClassifyWithoutControlTests {
  let shape =
    #"{"session":null,"id":"1","kind":"tap","start":0,"end":0.05,"duration":0.05,"x0":10,"y0":10,"x1":10,"#
    + #""y1":10,"dx":0,"dy":0,"path":0,"peakSpeed":0,"velocity":0,"axis":"x","#
    + #""swipeRule":"velocity""#
  let columns = ["--from", "csv", "--columns", "t=1,id=2,phase=3,x=4,y=5"]

  @Test func aHeaderlessCSVIsClassifiedWithoutAControl() throws {
    let directory = try scratch()
    try write("0,1,down,10,10\n0.05,1,up,10,10\n", to: "touches.csv", in: directory)
    // An import is in content mode (docs/behaviour/pointer-and-content-swipe.md): the tap went
    // down over the content (the whole plane), which a tap does nothing to.
    let json = try pagetrace(["classify"] + columns + ["touches.csv"], in: directory)
    #expect(json.status == 0, "\(json.stderr)")
    #expect(
      json.stdout == shape + Self.outcome("content", file: "touches.csv"))
    let csv = try pagetrace(
      ["classify", "--format", "csv"] + columns + ["touches.csv"], in: directory)
    #expect(csv.status == 0, "\(csv.stderr)")
    #expect(
      csv.stdout
        == "session,id,kind,start,end,duration,x0,y0,x1,y1,dx,dy,path,peakSpeed,velocity,axis,"
        + "swipeRule,target,outcome,from,to,transitions,file\n"
        + ",1,tap,0,0.05,0.05,10,10,10,10,0,0,0,0,0,x,velocity,content,none,,,0,touches.csv\n")
    // A control from a flag: the stroke went down on it; with no pages (0 when not given)
    // the control did nothing.
    let withControl = try pagetrace(
      ["classify", "--control", "0,0,390,30"] + columns + ["touches.csv"], in: directory)
    #expect(
      withControl.stdout == shape + Self.outcome("control", file: "touches.csv"))
  }

  @Test func aTraceWithoutHeaderOrWithAControlInItsHeader() throws {
    let directory = try scratch()
    let events = """
      {"t":0,"touch":"down","id":1,"x":10,"y":10}
      {"t":0.05,"touch":"up","id":1,"x":10,"y":10}

      """
    try write(events, to: "bare.jsonl", in: directory)
    let none =
      #","target":null,"outcome":null,"from":null,"to":null,"transitions":null,"#
      + #""file":"bare.jsonl"}"# + "\n"
    #expect(try pagetrace(["classify", "bare.jsonl"], in: directory).stdout == shape + none)
    // Pages without a control: still no control.
    let pagesOnly = try pagetrace(["classify", "--pages", "8", "bare.jsonl"], in: directory)
    #expect(pagesOnly.stdout == shape + none)
    try write(
      #"{"pagetrace":1,"pages":8,"control":{"x":0,"y":0,"width":390,"height":30}}"# + "\n"
        + events, to: "headed.jsonl", in: directory)
    // A tap at x 10 is before the current dot 0 (centred at 139): the previous page, of which
    // there is none, so nothing happens.
    #expect(
      try pagetrace(["classify", "headed.jsonl"], in: directory).stdout
        == shape + Self.outcome("control", file: "headed.jsonl"))
  }

  /// The end of a line whose stroke on `target` the control made nothing of.
  static func outcome(_ target: String, file: String) -> String {
    #","target":"\#(target)","outcome":"none","from":null,"to":null,"transitions":0,"#
      + #""file":"\#(file)"}"# + "\n"
  }
}
