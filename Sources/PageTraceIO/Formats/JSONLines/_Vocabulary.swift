import PageTrace

/// The words of the trace format (docs/behaviour/, "Configuration keys" and "Events"), matched
/// against raw bytes without allocating.
enum _Vocabulary {
  static func touchPhase(_ word: UnsafeRawBufferPointer) -> TouchPhase? {
    if _matches(word, "move") { return .move }
    if _matches(word, "down") { return .down }
    if _matches(word, "up") { return .up }
    if _matches(word, "cancel") { return .cancel }
    return nil
  }

  static func pointerPhase(_ word: UnsafeRawBufferPointer) -> PointerPhase? {
    if _matches(word, "move") { return .move }
    if _matches(word, "hover") { return .hover }
    if _matches(word, "down") { return .down }
    if _matches(word, "up") { return .up }
    return nil
  }

  static func key(_ word: UnsafeRawBufferPointer) -> Key? {
    if _matches(word, "tab") { return .tab }
    if _matches(word, "left") { return .left }
    if _matches(word, "right") { return .right }
    if _matches(word, "up") { return .up }
    if _matches(word, "down") { return .down }
    if _matches(word, "space") { return .space }
    if _matches(word, "home") { return .home }
    if _matches(word, "end") { return .end }
    return nil
  }

  /// `control` is `true`, `none` is `false`.
  static func focus(_ word: UnsafeRawBufferPointer) -> Bool? {
    if _matches(word, "control") { return true }
    if _matches(word, "none") { return false }
    return nil
  }

  static func accessibilityAction(_ word: UnsafeRawBufferPointer) -> AccessibilityAction? {
    if _matches(word, "increment") { return .increment }
    if _matches(word, "decrement") { return .decrement }
    if _matches(word, "activate") { return .activate }
    if _matches(word, "scrollForward") { return .scrollForward }
    if _matches(word, "scrollBackward") { return .scrollBackward }
    return nil
  }

  static func style(_ word: UnsafeRawBufferPointer) -> BackgroundStyle? {
    if _matches(word, "automatic") { return .automatic }
    if _matches(word, "prominent") { return .prominent }
    if _matches(word, "minimal") { return .minimal }
    return nil
  }

  /// `natural` is left to right.
  static func direction(_ word: UnsafeRawBufferPointer) -> LayoutDirection? {
    if _matches(word, "ltr") || _matches(word, "natural") { return .leftToRight }
    if _matches(word, "rtl") { return .rightToLeft }
    if _matches(word, "ttb") { return .topToBottom }
    if _matches(word, "btt") { return .bottomToTop }
    return nil
  }

  static func profile(_ word: UnsafeRawBufferPointer) -> Profile? {
    Profile.builtIn.first { profile in word.elementsEqual(profile.name.utf8) }
  }

  static func placement(_ word: UnsafeRawBufferPointer) -> Placement? {
    if _matches(word, "content") { return .content }
    if _matches(word, "header") { return .header }
    return nil
  }
}
