/// Where the dots are: capacity, the visible window and slot hit-testing (docs/behaviour/layout.md,
/// "Capacity", "Visible window" and "Slots").
///
/// Positions are *offsets* along the forward direction from the control's leading edge,
/// so one set of formulas serves every ``LayoutDirection``.
///
/// ```swift
/// // 30 pages in a 120 pt frame: 5 slots, window moves to keep 2 slots of margin.
/// var layout = IndicatorLayout(pages: 30, length: 120, pitch: 16, padding: 14)
/// layout.capacity        // 5
/// layout.reveal(page: 10)
/// layout.windowStart     // 8
/// layout.page(atOffset: 60)  // 10: the centre slot
/// ```
public struct IndicatorLayout: Sendable, Hashable {
  /// The number of pages.
  public private(set) var pages: Int
  /// The length of the control along its axis.
  public let length: Double
  /// The distance between neighbouring dot centres.
  public let pitch: Double
  /// How many slots fit: `floor((length - 2 * padding) / pitch)`, at least 1.
  public let capacity: Int
  /// The first page shown.
  public internal(set) var windowStart: Int = 0

  /// Whether dots that do not fit scroll in a window; otherwise all are laid out centred
  /// and those outside the frame are clipped (the `legacy` profile).
  public let windowing: Bool

  /// Lays out `pages` dots with the window at page 0.
  public init(pages: Int, length: Double, pitch: Double, padding: Double, windowing: Bool = true) {
    self.pages = max(0, pages)
    self.windowing = windowing
    self.length = length
    self.pitch = pitch
    let fit = ((length - 2 * padding) / pitch).rounded(.down)
    // Clamp before converting: a huge frame must not trap.
    self.capacity = fit.isFinite ? Int(min(max(fit, 1), Double(Int32.max))) : 1
  }

  /// Whether some dots are hidden and the window scrolls.
  public var isWindowed: Bool { windowing && pages > capacity }
  /// Whether some dots lie outside the frame (no windowing and more pages than fit).
  public var isClipped: Bool { !windowing && pages > capacity }
  /// The number of dots laid out: all of them without windowing.
  public var visibleCount: Int { windowing ? min(pages, capacity) : pages }

  /// Moves the window the least amount that keeps `min(2, (capacity-1)/2)` slots between
  /// `page` and either edge of the window, without passing page 0 or the last page.
  public mutating func reveal(page: Int) {
    guard isWindowed else {
      windowStart = 0
      return
    }
    let margin = min(2, (capacity - 1) / 2)
    if page - windowStart < margin { windowStart = page - margin }
    if windowStart + capacity - 1 - page < margin { windowStart = page + margin - capacity + 1 }
    windowStart = min(max(windowStart, 0), pages - capacity)
  }

  /// Changes the number of pages and moves the window to keep `page` revealed.
  public mutating func setPages(_ count: Int, revealing page: Int) {
    pages = max(0, count)
    reveal(page: page)
  }

  /// The offset of a slot's centre: `length/2 + (slot - (visibleCount-1)/2) * pitch`.
  public func centre(ofSlot slot: Int) -> Double {
    length / 2 + (Double(slot) - Double(visibleCount - 1) / 2) * pitch
  }

  /// The offset of a page's dot, if it is in the window.
  public func centre(ofPage page: Int) -> Double? {
    let slot = page - windowStart
    return slot >= 0 && slot < visibleCount ? centre(ofSlot: slot) : nil
  }

  /// The page whose slot holds the offset: the nearest centre within `pitch/2`;
  /// a point exactly between two slots belongs to the earlier page.
  public func page(atOffset offset: Double) -> Int? {
    guard visibleCount > 0 else { return nil }
    let fractional = (offset - length / 2) / pitch + Double(visibleCount - 1) / 2
    // ceil(f - 0.5) picks the nearest slot and sends exact halves to the earlier one.
    let nearest = min(max((fractional - 0.5).rounded(.up), 0), Double(visibleCount - 1))
    let slot = Int(nearest)
    return abs(offset - centre(ofSlot: slot)) <= pitch / 2 ? windowStart + slot : nil
  }
}
