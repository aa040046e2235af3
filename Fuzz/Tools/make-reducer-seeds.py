#!/usr/bin/env python3
"""Writes the FuzzReducer seeds to Corpus/FuzzReducer/ (see the byte layout at the top of
Sources/FuzzReducer/FuzzReducer.swift). Run from Fuzz/: python3 Tools/make-reducer-seeds.py"""
import os

TOUCH, POINTER, KEY, A11Y, SET = 0, 4, 5, 6, 7
DOWN, MOVE, UP, CANCEL = 0, 1, 2, 3          # touch phases; pointer: hover, down, move, up
KEYS = ["tab", "left", "right", "up", "down", "space", "home", "end"]


def config(pages=8, direction=0, style=0, no_continuous=0, voiceover=0, hides=0, disabled=0,
           profile=0, timer=0, current=0, fps=0, pitch=0, no_container=0, padding0=0, control=0):
    return bytes([
        pages,
        direction | style << 2 | no_continuous << 4 | voiceover << 5 | hides << 6 | disabled << 7,
        profile | timer << 2 | current << 4,
        fps | pitch << 2 | no_container << 4 | padding0 << 5 | control << 6,
    ])


def ms(n):      # a delta of n milliseconds (0…127)
    return n


def frames(n):  # a delta of n frames at 120 fps (0…63)
    return 128 + n


def x(points):  # the nearest grid x
    return max(0, min(223, round((points + 40) / 2.125)))


def y_row(points):  # y near the control's row, 760…823
    return max(0, min(63, round(points - 760)))


def y_content(points):  # y in the container, 0…880
    return 64 + max(0, min(159, round(points / 5.5)))


def event(kind, phase=0, delta=0, cx=0, cy=0, c4=0, c5=0, c6=0, c7=0, touch_id=0, session=0):
    return bytes([kind | phase << 3 | touch_id << 5 | session << 6, delta, cx, cy, c4, c5, c6, c7])


def touch(phase, delta, px, py, row=True, **kw):
    return event(TOUCH, phase, delta, x(px), y_row(py) if row else y_content(py), **kw)


def key(name, delta, **kw):
    return event(KEY, 0, delta, c4=KEYS.index(name), **kw)


def a11y(action, delta, **kw):
    return event(A11Y, 0, delta, c4=action, **kw)


def focus(on, delta, **kw):
    return event(A11Y, 0, delta, c4=0x80 | (0x40 if on else 0), **kw)


def set_(delta, current=None, pages=None, enabled=None, continuous=None, style=0, **kw):
    c4 = style << 6
    if current is not None:
        c4 |= 1
    if pages is not None:
        c4 |= 2
    if enabled is not None:
        c4 |= 4 | (0 if enabled else 8)
    if continuous is not None:
        c4 |= 0x10 | (0 if continuous else 0x20)
    return event(SET, 0, delta, c4=c4, c5=(current or 0) & 0xFF, c6=pages or 0, **kw)


seeds = {
    "taps": config() + b"".join([
        touch(DOWN, ms(10), 260, 795), touch(UP, ms(50), 260, 795),
        touch(DOWN, ms(100), 260, 795), touch(UP, ms(40), 260, 795),
        touch(DOWN, frames(60), 100, 795), touch(UP, ms(60), 100, 795),
        event(POINTER, 0, ms(127), x(10), y_row(795)),
    ]),
    "scrub-flick": config() + b"".join(
        [touch(DOWN, ms(10), 139, 795)]
        + [touch(MOVE, frames(1), 139 + 8 * i, 795) for i in range(1, 30)]
        + [touch(MOVE, ms(5), 500, 795), touch(UP, ms(5), 100, 795)]),
    "hold-jog-windowed": config(pages=40, control=2) + b"".join(
        [touch(DOWN, ms(10), 60, 795), touch(MOVE, 240, 60, 795)]  # 240: hold past scrubDelay
        + [touch(MOVE, frames(10), 130 + 2 * i, 795) for i in range(12)]
        + [touch(MOVE, frames(5), 60, 795), touch(CANCEL, frames(5), 60, 795)]),
    "swipe-keys-a11y-voiceover": config(voiceover=1, current=3) + b"".join([
        touch(DOWN, ms(10), 300, 400, row=False), touch(MOVE, ms(16), 260, 400, row=False),
        touch(UP, ms(16), 220, 400, row=False),
        key("tab", ms(100)), key("right", ms(100)), key("end", ms(100)), key("home", ms(100)),
        a11y(0, ms(100)), a11y(4, ms(100)), focus(False, ms(100)), key("space", ms(100)),
    ]),
    "timer-set-sessions": config(timer=2, pages=5) + b"".join([
        touch(DOWN, ms(10), 260, 795, session=1), touch(UP, ms(50), 260, 795, session=1),
        event(POINTER, 0, 200, x(10), y_row(795)),
        set_(ms(10), current=4, session=2), set_(ms(10), pages=2, session=2),
        set_(ms(10), enabled=False, style=2), set_(ms(10), enabled=True, continuous=False),
        touch(DOWN, ms(10), 139, 795, session=3), touch(MOVE, 241, 300, 795, session=3),
        touch(UP, ms(10), 300, 795, session=3), event(POINTER, 0, 245, x(10), y_row(795)),
    ]),
    "profiles-pointer": config(profile=3, pages=12, control=2) + b"".join([
        event(POINTER, 1, ms(10), x(60), y_row(795)), event(POINTER, 3, ms(30), x(61), y_row(795)),
        touch(DOWN, ms(100), 30, 795), touch(UP, ms(400 // 4), 30, 795),
        touch(DOWN, ms(100), 200, 400, row=False), touch(UP, ms(20), 20, 400, row=False),
    ]),
    "rtl-scrub-set-during": config(direction=1, style=1) + b"".join(
        [touch(DOWN, ms(10), 250, 795), touch(MOVE, ms(20), 220, 795),
         touch(MOVE, frames(2), 150, 795), set_(ms(1), current=-3),
         touch(MOVE, frames(2), 100, 795), touch(UP, frames(2), 100, 795)]),
}

out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Corpus", "FuzzReducer")
os.makedirs(out, exist_ok=True)
for name, data in seeds.items():
    with open(os.path.join(out, name + ".bin"), "wb") as f:
        f.write(data)
