import PageTraceAnalysis
import Testing

@testable import pagetrace

/// The literals of `classify`'s JSON line (``ClassifyCommand/writeJSONLine``): each member of
/// an enum's word is its key and the word's raw value, as the general writer made them.
@Suite struct ClassifyLineTests {
  func text(_ literal: StaticString) -> String { literal.description }

  @Test func eachWordIsItsKeyAndRawValue() {
    for kind in StrokeClassifier.Kind.allCases {
      #expect(text(ClassifyCommand.jsonMember(kind)) == ",\"kind\":\"\(kind.rawValue)\"")
    }
    for target in StrokeTarget.allCases {
      #expect(text(ClassifyCommand.jsonMember(target)) == ",\"target\":\"\(target.rawValue)\"")
    }
    for word in StrokeOutcome.Word.allCases {
      #expect(text(ClassifyCommand.jsonMember(word)) == ",\"outcome\":\"\(word.rawValue)\"")
    }
    for axis in [StrokeClassifier.Axis.x, .y] {
      for rule in [StrokeClassifier.SwipeRule.container, .velocity] {
        #expect(
          text(ClassifyCommand.jsonMembers(axis, rule))
            == ",\"axis\":\"\(axis.rawValue)\",\"swipeRule\":\"\(rule.rawValue)\"")
      }
    }
  }
}
