// FuzzReducer: the input is a configuration and a sequence of events, built directly (no
// parsing), fed to CheckedEngine, which traps when an invariant of the reducer breaks.
//
// Bytes 0…3 choose the configuration:
//   0: pages = b % 41 (0…40)
//   1: bits 0-1 direction (ltr, rtl, ttb, btt), 2-3 style (automatic, prominent, minimal,
//      automatic), 4 continuous off, 5 voiceOver, 6 hidesForSinglePage, 7 disabled
//   2: bits 0-1 profile (Profile.builtIn[b % its count]), 2-3 progress timer
//      (none, 0.5 s, 0.25 s wrapping, 0.2 s with page 1 at 0.05 s), 4-7 current = b >> 4
//   3: bits 0-1 fps (120, 60, 1000, 7.5), 2-3 pitch (16, 8, 30, 16), 4 no container,
//      5 padding 0, 6-7 control (phone (0,780,390,30), narrow (40,780,310,30),
//      small (0,780,120,30), vertical (360,100,30,600))
// then each 8-byte chunk is one event (an incomplete last chunk is ignored):
//   c0: bits 0-2 kind (0-3 touch, 4 pointer, 5 key, 6 accessibility or focus, 7 set),
//       3-4 phase, 5 touch id 1 or 2, 6-7 session (none, "a", "b", "")
//   c1: time delta ≥ 0 (see `delta`), so time never decreases
//   c2: x, c3: y: a grid around the phone control and container, with far-away values
//   c4: key / action / focus / set fields / cancel without coordinates / string touch id
//   c5: set current (signed), c6: set pages, c7: sub-point offsets of x and y
import FuzzSupport
import PageTrace

/// libFuzzer's entry point: runs one input; returns 0 (a bug traps instead).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size >= 4 else { return 0 }
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let configuration = makeConfiguration(bytes[0], bytes[1], bytes[2], bytes[3])
  var engine: CheckedEngine
  do {
    engine = try CheckedEngine(configuration)
  } catch {
    fatalError("a configuration within the documented ranges was rejected: \(error)")
  }
  var time = 0.0
  var offset = 4
  while offset + 8 <= size {
    let event = makeEvent(bytes[offset..<offset + 8], time: &time)
    let last = engine.lastTime(forSession: event.session)
    if let error = engine.handle(event, emit: { _ in }) {
      // The one documented rejection of a well-formed event: a gap that would advance a
      // wrapping timer more than PageControl.maximumTimerAdvancesPerEvent times.
      guard error == .valueOutOfRange(field: "t"), let limit = timerCatchUpLimit(configuration),
        event.time - last > limit
      else {
        fatalError("a valid event was rejected: \(error)\n  event: \(event)")
      }
    }
    offset += 8
  }
  return 0
}

/// How far an event may come after the previous one of its session while a wrapping timer
/// runs, if one does.
func timerCatchUpLimit(_ configuration: PageControlConfiguration) -> Double? {
  guard let progress = configuration.progress, progress.resetsToInitialPageAfterEnd else {
    return nil
  }
  let shortest = ([progress.duration] + progress.pageDurations.values).min()!
  return shortest * Double(PageControl.maximumTimerAdvancesPerEvent)
}

let controls = [
  Rect(x: 0, y: 780, width: 390, height: 30),
  Rect(x: 40, y: 780, width: 310, height: 30),
  Rect(x: 0, y: 780, width: 120, height: 30),
  Rect(x: 360, y: 100, width: 30, height: 600),
]

func makeConfiguration(_ b0: UInt8, _ b1: UInt8, _ b2: UInt8, _ b3: UInt8)
  -> PageControlConfiguration
{
  var configuration = PageControlConfiguration(
    pages: Int(b0 % 41), control: controls[Int(b3 >> 6)])
  configuration.direction = LayoutDirection.allCases[Int(b1 & 3)]
  configuration.style = [.automatic, .prominent, .minimal, .automatic][Int((b1 >> 2) & 3)]
  configuration.continuous = b1 & 0x10 == 0
  configuration.voiceOver = b1 & 0x20 != 0
  configuration.hidesForSinglePage = b1 & 0x40 != 0
  configuration.enabled = b1 & 0x80 == 0
  configuration.profile = Profile.builtIn[Int(b2 & 3) % Profile.builtIn.count]
  switch (b2 >> 2) & 3 {
  case 1: configuration.progress = TimerProgress(duration: 0.5)
  case 2: configuration.progress = TimerProgress(duration: 0.25, resetsToInitialPageAfterEnd: true)
  case 3: configuration.progress = TimerProgress(duration: 0.2, pageDurations: [1: 0.05])
  default: break
  }
  configuration.current = Int(b2 >> 4)
  configuration.fps = [120, 60, 1000, 7.5][Int(b3 & 3)]
  configuration.pitch = [16, 8, 30, 16][Int((b3 >> 2) & 3)]
  configuration.container = b3 & 0x10 == 0 ? Rect(x: 0, y: 0, width: 390, height: 844) : nil
  if b3 & 0x20 != 0 { configuration.padding = 0 }
  return configuration
}

/// Time steps: milliseconds, whole frames at 120 fps, tenths, and the SPEC's constants.
func delta(_ c: UInt8) -> Double {
  switch c {
  case 0..<128: return Double(c) * 0.001  // 0…127 ms
  case 128..<192: return Double(c - 128) / 120  // 0…63 frames
  case 192..<240: return Double(c - 192) * 0.05  // 0…2.35 s
  default:
    // scrubDelay, animationDuration, followUpWindow, the jog and edge-step periods, big gaps
    return [
      0.15, 0.3, 0.75, 0.125, 1.0 / 13, 0.1, 0.07, 1e-9, 3, 10, 60, 600, 0.149, 0.151, 0.299,
      0.301,
    ][Int(c - 240)]
  }
}

/// Far-away and boundary coordinates.
let specialX: [Double] = [
  -1e6, -100, -0.001, 0, 14, 22, 38, 187, 195, 203, 389.999, 390, 390.001, 500, 1e6, 40, 350,
  360, 120, 119.5, 60, 375, 376, 195.5, 139, 147, 155, 163, 171, 179, 211, 219,
]
let specialY: [Double] = [
  -1e6, -10, 0, 100, 400, 700, 779.999, 780, 780.001, 795, 809.999, 810, 810.001, 844, 844.001,
  900, 1e6, 99.999, 700.001, 150, 250, 350, 450, 550, 650, 101, 699, 200, 300, 500, 600, 820,
]

func coordinateX(_ c: UInt8, fine: UInt8) -> Double {
  c < 224 ? -40 + Double(c) * 2.125 + Double(fine & 0x0F) / 16 : specialX[Int(c - 224)]
}

func coordinateY(_ c: UInt8, fine: UInt8) -> Double {
  switch c {
  case 0..<64: return 760 + Double(c) + Double(fine >> 4) / 16  // around the control's row
  case 64..<224: return Double(c - 64) * 5.5 + Double(fine >> 4) / 16  // the container, 0…880
  default: return specialY[Int(c - 224)]
  }
}

let sessions: [String?] = [nil, "a", "b", ""]

func makeEvent(_ chunk: Slice<UnsafeBufferPointer<UInt8>>, time: inout Double) -> PageControlEvent {
  let c = Array(chunk)
  time += delta(c[1])
  let session = sessions[Int(c[0] >> 6)]
  let x = coordinateX(c[2], fine: c[7])
  let y = coordinateY(c[3], fine: c[7])
  let phaseBits = Int((c[0] >> 3) & 3)
  let action: PageControlEvent.Action
  switch c[0] & 7 {
  case 0...3:
    let phase = TouchPhase.allCases[phaseBits]
    var id: TouchID = c[0] & 0x20 == 0 ? 1 : 2
    if c[4] & 0x02 != 0 { id = c[0] & 0x20 == 0 ? "f" : .number(1.5) }
    if phase == .cancel && c[4] & 0x01 != 0 {
      action = .touch(.cancel, id: id, x: nil, y: nil)
    } else {
      action = .touch(phase, id: id, x: x, y: y)
    }
  case 4:
    action = .pointer(PointerPhase.allCases[phaseBits], x: x, y: y)
  case 5:
    action = .key(Key.allCases[Int(c[4]) % Key.allCases.count])
  case 6:
    if c[4] & 0x80 != 0 {
      action = .focus(c[4] & 0x40 != 0)
    } else {
      action = .accessibility(
        AccessibilityAction.allCases[Int(c[4]) % AccessibilityAction.allCases.count])
    }
  default:
    var change = ProgrammaticChange()
    if c[4] & 0x01 != 0 { change.current = Int(Int8(bitPattern: c[5])) }
    if c[4] & 0x02 != 0 {
      // 0…40 mostly; sometimes more than the control shows, or a lot more.
      change.pages =
        c[6] < 240 ? Int(c[6] % 41) : [0, 1, 2, 100, 1000, 5000, -1, 64][Int(c[6] & 7)]
    }
    if c[4] & 0x04 != 0 { change.enabled = c[4] & 0x08 == 0 }
    if c[4] & 0x10 != 0 { change.continuous = c[4] & 0x20 == 0 }
    change.style = [nil, .automatic, .prominent, .minimal][Int(c[4] >> 6)]
    action = .set(change)
  }
  return PageControlEvent(time: time, session: session, action)
}
