#!/usr/bin/env python3
"""Proves that two builds of pagetrace write the same bytes: the guard of a refactoring.

    python3 .ci/same-output.py OLD_BINARY NEW_BINARY [--quick] [--keep DIR]

Runs a matrix of pagetrace invocations (every command, its options, the scenario traces and
examples, generated traces in JSON Lines, binary and gzip, hostile inputs, standard input,
usage errors, output files) with each binary, from the repository root, and compares for each
run its standard output, standard error, exit status and every file it left in its own output
folder (the `-o` file, a `FILE.partial`, a sweep's chart, a temporary file left behind) and in
its TMPDIR. One run is OLD then NEW, one after the other, with the same paths; the folders are
emptied before each. Runs go two at a time (the machine has two cores).

Prints one line per differing run (what differs, then a short unified diff of the first
difference, indented), then `same-output: N runs, D differ`; exits 1 if any differ, 0 if none,
2 when it cannot start (a binary missing, generating the inputs failed).

  --quick     a small subset of the runs (for CI: well under a minute)
  --keep DIR  work in DIR and keep it: the generated inputs in DIR/inputs, and for each
              differing run DIR/differences/NNNN/{old,new}/ (stdout, stderr, status, files)

Commands are shown with $WORK for the work folder (the inputs are in $WORK/inputs) and $OUT for
the run's own output folder ($WORK/runs/NNNN, emptied after the run).

The inputs that are generated (traces of `generate`, their binary and gzip forms, the hostile
files) are made once, with OLD, and both binaries read the very same files.

Nothing is normalised, because nothing needs to be: a binary run against itself gives the same
bytes in every run (checked several times over the whole matrix, and also without
SWIFT_DETERMINISTIC_HASHING). What could vary is held still instead:
  - the progress line appears only when standard error is a terminal, and it never is here;
  - paths in messages (inputs, `-o`, FILE.partial, TMPDIR) are the same for OLD and NEW: the
    same work folder, the same output folder per run, emptied in between;
  - the temporary output file (.FILE.pagetrace-XXXXXX, random) is never named in a message
    and never left behind by a run that ends by itself (one left behind would be reported);
  - argv[0] is "pagetrace" for both binaries, so their paths cannot show (today's build never
    prints its argv[0]; this keeps a future `See 'PATH --help'` from being a false difference);
  - standard input is /dev/null unless a run feeds it; SWIFT_DETERMINISTIC_HASHING=1 is set.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import dataclasses
import difflib
import gzip
import os
import random
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 60  # seconds, per binary and run
WORKERS = 2  # runs at once
DIFF_LINES = 12  # lines of unified diff shown per differing stream or file
ENV = {**os.environ, "SWIFT_DETERMINISTIC_HASHING": "1"}
OUT = "{out}"  # in a run's arguments: its own output folder (the same for OLD and NEW)


# ---------------------------------------------------------------------------------------------
# Runs


@dataclasses.dataclass
class Run:
    args: list[str]  # after "pagetrace"; OUT stands for the run's own output folder
    stdin: Path | None = None  # a file fed on standard input (else /dev/null)
    pipe: bool = False  # feed it through a pipe rather than as the open file
    setup: dict[str, bytes] = dataclasses.field(default_factory=dict)  # made in OUT first
    quick: bool = False

    def key(self):
        return tuple(self.args), self.stdin, self.pipe, tuple(sorted(self.setup.items()))

    def command(self, work: Path) -> str:
        """As a shell would take it, with $WORK for the work folder and $OUT for the run's."""
        def shown(args):
            # '@' is safe for shlex.quote, so the placeholder is left unquoted.
            text = shlex.join(arg.replace(OUT, "@OUT@") for arg in args)
            return text.replace("@OUT@", "$OUT").replace(str(work), "$WORK")
        text = shown(["pagetrace", *self.args])
        if self.stdin is not None:
            text = f"cat {shown([str(self.stdin)])} | {text}" if self.pipe else (
                f"{text} < {shown([str(self.stdin)])}")
        if self.setup:
            text += "  (with " + ", ".join(f"$OUT/{name}" for name in self.setup) + " made first)"
        return text


def R(*parts: str | Path, stdin: Path | str | None = None, pipe=False, setup=None, quick=False):
    """A run: each str part is split as a shell would (shlex), each Path is one argument."""
    args: list[str] = []
    for part in parts:
        args += [str(part)] if isinstance(part, Path) else shlex.split(part)
    return Run(args, Path(stdin) if stdin is not None else None, pipe, setup or {}, quick)


class Q(str):
    """An entry of a table of runs that is also in the quick set: Q("replay --summary")."""


def unique(runs: list[Run]) -> list[Run]:
    """The runs without repeats (sections overlap a little), quick if any of a kind is."""
    kept: dict[tuple, Run] = {}
    for run in runs:
        if run.key() in kept:
            kept[run.key()].quick |= run.quick
        else:
            kept[run.key()] = run
    return list(kept.values())


def each(views: list[str], files, quick_files=(), quick_views=None):
    """Every view (a command and its options) over every file: views × files runs."""
    for file in files:
        for view in views:
            quick = file in quick_files and (quick_views is None or view in quick_views)
            yield R(view, file, quick=quick)


# Repository inputs (relative paths, so that messages name them as a user would).
SCENARIOS = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "Traces").glob("*.jsonl"))
EXAMPLES = sorted(
    str(p.relative_to(ROOT)) for p in (ROOT / "Traces/examples").rglob("*") if p.is_file())
DIRECTORIES = ["Traces/examples/days", "Traces/examples", "Traces"]
TAP, SCRUB, SESSIONS = "Traces/tap.jsonl", "Traces/scrub.jsonl", "Traces/sessions.jsonl"
BAD_LINE, BARE, PHONE = (
    "Traces/examples/bad-line.jsonl", "Traces/examples/bare.jsonl", "Traces/examples/phone.json")
CSV_FILE, GETEVENT_FILE, POINTER_FILE = (
    "Traces/examples/touches.csv", "Traces/examples/getevent.txt",
    "Traces/examples/pointer-events.jsonl")
MISSING = "Traces/no-such-trace.jsonl"
SMALL = "--pages 5 --control 0,780,390,30"  # a configuration for traces without a header
CONTENT = SMALL + " --container 0,0,390,844"  # and one for touches.csv, all on the content
SUBCOMMANDS = [
    "replay", "generate", "convert", "lint", "classify", "stats", "render", "inspect", "sweep",
    "diff"]

# The flags `inspect` gives for each example recording (the CSV's session is its column 3,
# as the README's Touchalytics example reads it).
CSV = "--from csv --columns t=4,phase=5,x=7,y=8 --time-unit ms"
CSV_SESSIONS = "--from csv --columns t=4,phase=5,x=7,y=8,session=3 --time-unit ms"
GETEVENT = "--from getevent --scale 0.3333"
POINTER = "--from pointer-events"

# Generated traces: name, events, seed, other flags of generate. Each is also converted to
# binary, gzip-compressed in both forms, and the marked ones get string touch ids ("f7" for 7;
# generate writes number ids only).
GENERATED = [
    ("g2k-seed1", 2_000, 1, ""),
    ("g2k-seed7-3sessions", 2_000, 7, "--sessions 3"),
    ("g20k-seed42-4sessions", 20_000, 42, "--sessions 4"),
    ("g20k-seed5-30pages", 20_000, 5, "--pages 30"),
    ("g120k-seed3", 120_000, 3, ""),
    ("g120k-seed7-6sessions", 120_000, 7, "--sessions 6"),
]
STRING_IDS = ["g2k-seed7-3sessions", "g20k-seed42-4sessions", "g120k-seed7-6sessions"]


@dataclasses.dataclass
class Inputs:
    """The files made in the work folder, once, with the OLD binary (and Python)."""
    folder: Path
    generated: dict[str, dict[str, Path]] = dataclasses.field(default_factory=dict)  # name->form
    hostile: dict[str, Path] = dataclasses.field(default_factory=dict)
    other: dict[str, Path] = dataclasses.field(default_factory=dict)

    def trace(self, name: str, form=".jsonl") -> Path:
        return self.generated[name][form]


def scenario_runs(inputs: Inputs):
    """Every scenario trace through the plain views of every command that reads traces."""
    views = [
        "replay", "replay --emit all", "replay --emit all --format csv",
        "replay --emit all --emit-key", "replay --summary", "replay --emit all --jobs 2",
        "classify", "classify --format csv", "stats", "stats --format jsonl", "lint", "render",
        "inspect", "diff --b scrubDelay=0.3"]
    yield from each(views, SCENARIOS, quick_files=(SCRUB, SESSIONS))
    for profile in ["uikit", "legacy", "fiori", "android"]:  # as .ci/replay-traces.sh does
        yield R(f"replay --emit all --profile {profile} Traces/profiles.jsonl",
                quick=profile == "android")
        yield R(f"diff --a profile=uikit --b profile={profile} Traces/profiles.jsonl")


def example_runs(inputs: Inputs):
    """Every file under Traces/examples as it is, and the three directories of traces."""
    views = [
        "replay", "replay --on-error skip", "classify", "stats", "inspect",
        "inspect --format jsonl", "lint", "convert"]
    yield from each(views, EXAMPLES, quick_files=(BAD_LINE, "Traces/examples/days/day1.jsonl.gz"),
                    quick_views=("replay", "inspect"))
    views = [
        "replay", "replay --emit all --jobs 2", "replay --emit all --format csv",
        "replay --on-error skip --summary", "classify --jobs 2", "stats", "stats --format csv",
        "stats --format jsonl --by-session", "lint", "inspect", "diff --b scrubDelay=0.3",
        "sweep --vary scrubDelay=0.1,0.2 --by-file", "render --list-sessions", "convert"]
    yield from each(views, DIRECTORIES, quick_files=("Traces/examples/days",),
                    quick_views=("replay", "stats", "inspect"))
    yield R("replay --glob '*.gz' Traces/examples/days")
    yield R("replay --glob '*.txt' --from getevent --scale 0.3333", SMALL, "Traces/examples")
    yield R("replay --glob 'nothing-*' Traces/examples")
    yield R("inspect", *EXAMPLES, quick=True)
    yield R("replay --jobs 2 --emit all", TAP, SCRUB, "Traces/flick.jsonl", quick=True)
    yield R("replay --jobs 3 --emit all --format csv", TAP, SCRUB, "Traces/examples/days",
            SESSIONS)
    yield R("stats", SCRUB, "Traces/flick.jsonl")
    yield R("stats --format csv", *SCENARIOS)
    yield R("classify --summary", *SCENARIOS)
    yield R("lint --format jsonl", TAP, "Traces/fiori.jsonl")


def import_runs(inputs: Inputs):
    """The recordings of other formats (CSV, getevent, Pointer Events) through each command."""
    views = [
        "replay {} --emit all", "replay {} --summary", "classify",
        "classify --format csv --summary",
        "stats {}", "stats {} --by-session", "render {}", "render {} --list-sessions", "lint {}",
        "sweep {} --vary scrubDelay=0.1,0.3", "diff {} --b profile=android", "convert --to jsonl",
        "convert"]
    recordings = [(CSV, CSV_FILE, CONTENT), (CSV_SESSIONS, CSV_FILE, CONTENT),
                  (GETEVENT, GETEVENT_FILE, SMALL), (POINTER, POINTER_FILE, SMALL)]
    for flags, file, configuration in recordings:
        for view in views:
            yield R(view.format(configuration), flags, file, quick=view in views[:3])
    yield R("render --session 3 --axis both", CONTENT, CSV_SESSIONS, CSV_FILE)
    yield R("stats --session 0", CONTENT, CSV_SESSIONS, CSV_FILE)
    # Variants: the time unit found, sorted rows, no or another scale, other layouts.
    variants = [
        ("--from csv --columns t=4,phase=5,x=7,y=8", CSV_FILE),
        ("--from csv --columns t=4,phase=5,x=7,y=8 --time-unit s", CSV_FILE),
        (CSV_SESSIONS + " --sort", CSV_FILE),
        ("--from csv --columns t=4,phase=5,x=7", CSV_FILE),  # y missing: usage error
        ("--from csv --columns t=4,phase=5,x=7,y=8,id=6,session=3 --time-unit ms", CSV_FILE),
        ("--from csv --columns t=4,phase=5,x=7,y=8 --phase-map 0=down,1=up,2=move", CSV_FILE),
        ("--from getevent", GETEVENT_FILE),
        ("--from getevent --scale 1", GETEVENT_FILE),
        ("--from getevent --scale 0.3333,0.5", GETEVENT_FILE),
        ("--from csv", POINTER_FILE),  # the wrong format
        ("--from pointer-events", TAP),
        ("--from getevent", CSV_FILE),
        ("--delimiter tab --header --columns t=2,phase=3,x=4,y=5,session=1 --time-unit ms "
         "--phase-map D=down,U=up,M=move --from csv", inputs.other["tsv"]),
        ("--delimiter ';' --from csv --columns t=4,phase=5,x=7,y=8 --time-unit us",
         inputs.other["semicolon"]),
    ]
    for flags, file in variants:  # (inspect takes no --from: it finds the format itself)
        for view in [f"replay {CONTENT} --summary --emit all", "classify"]:
            yield R(view, flags, file)
    yield R("inspect", inputs.other["tsv"], inputs.other["semicolon"], quick=True)


def generated_runs(inputs: Inputs):
    """Generated traces: each form through the main commands, --jobs and the heavier views."""
    views = [
        "replay", "replay --emit all --jobs 2", "stats --jobs 2 --format jsonl",
        "classify --jobs 2 --format csv", "convert"]
    names = [name for name, *_ in GENERATED] + [name + "-strings" for name in STRING_IDS]
    for name in names:
        for form, path in inputs.generated[name].items():
            for view in views:
                quick = name in ("g2k-seed7-3sessions", "g20k-seed42-4sessions-strings") and (
                    view in views[:2] or form == ".bin")
                yield R(view, path, quick=quick)
    views = [
        "replay --emit all --emit-key --jobs 3", "replay --summary --jobs 2",
        "replay --emit all --format csv", "replay --emit all --emit-key --shard 0/2",
        "replay --emit all --emit-key --shard 1/2", "replay --summary --shard 2/3",
        "replay --max-sessions 2", "replay --emit all --profile android",
        "replay --scrub-delay 0.3 --pages 3 --emit all", "classify --summary", "stats",
        "stats --by-session --format csv", "render --list-sessions", "render --axis y",
        "sweep --vary scrubDelay=0.1:0.3:0.1", "diff --a scrubDelay=0.1 --b scrubDelay=0.4 "
        "--format jsonl", "lint", "inspect", "inspect --all --format jsonl"]
    for name in names:
        path = inputs.trace(name)
        for view in views:
            yield R(view, path, quick=name == "g20k-seed42-4sessions" and view in views[:4])
        if "sessions" in name:
            yield R("render --session s1 --start 10 --end 40 --axis both", path)
            yield R("stats --session s0 --session s2", path)
    big = inputs.trace("g120k-seed7-6sessions")
    yield R("replay --emit all --jobs 2", big, inputs.trace("g120k-seed3"), big, quick=True)
    yield R("sweep --vary scrubDelay=0.1,0.3 --vary profile=uikit,android --format csv", big)


def hostile_runs(inputs: Inputs):
    """Bad, empty, cut and foreign inputs, a missing file and a directory of no traces."""
    views = [
        "replay", "replay --on-error skip", "replay --on-error skip --strict",
        "replay --jobs 2 --on-error skip --summary", "classify --on-error skip", "stats",
        "lint", "inspect", "convert --on-error skip"]
    quick_files = (inputs.hostile["bad-all.jsonl"], inputs.hostile["big-bad.jsonl"])
    yield from each(views, list(inputs.hostile.values()) + [MISSING], quick_files=quick_files)
    long_line = inputs.hostile["bad-long-line.jsonl"]
    yield R("replay --max-line-length 4194304 --emit all", long_line)
    yield R("replay --max-line-length 67108864 --jobs 2", inputs.hostile["big-bad.jsonl"])
    yield R("replay --on-error skip --jobs 2 --emit all --emit-key",
            inputs.hostile["big-bad.jsonl"])
    yield R("replay --on-error skip --jobs 2 --emit all", inputs.hostile["big-bad.jsonl.gz"])
    yield R("replay --on-error skip", TAP, MISSING, SCRUB)
    yield R("replay --on-error skip --strict", TAP, inputs.hostile["bad-all.jsonl"], SCRUB)
    yield R("replay --jobs 2", TAP, inputs.hostile["bad-nan.jsonl"], SCRUB)
    yield R("replay", TAP, MISSING, quick=True)
    for config in ["bad-config.json", "not-json.json", "pages30.json"]:
        yield R("replay --config", inputs.other[config], TAP)
        yield R("lint", inputs.other[config])
    yield R("lint --disable PT001", inputs.other["pages30.json"])
    yield R("replay --config", MISSING, TAP)
    yield R("replay --config '' Traces/tap.jsonl")


def option_runs(inputs: Inputs):
    """The options of each command, one or a few at a time, on the traces they are about."""
    # replay: options, and configuration flags on the trace each matters to.
    for options, trace in [
        (Q("--name piece"), TAP), ("--name piece --emit all --format csv", SCRUB),
        ("--name piece", f"{TAP} {SCRUB}"), (Q("--max-sessions 2"), SESSIONS),
        ("--max-sessions 2 --on-error skip --emit all", SESSIONS), ("--max-sessions 0", TAP),
        ("--max-line-length 100", TAP), ("--max-line-length 100 --on-error skip", TAP),
        ("--max-line-length 0", TAP), ("--max-line-length 67108865", TAP),
        ("--profile android", TAP), ("--profile bogus", TAP), ("--scrub-delay 0.3", SCRUB),
        ("--scrub-delay -1", SCRUB), ("--pages 3", TAP), ("--pages 0", TAP),
        (f"--config {PHONE}", BARE),
        (Q(f"--config {PHONE} --scrub-delay 0.2 --no-continuous"), BARE),
        ("--pages 8 --control 0,780,390,30 --container 0,0,390,844", BARE), ("", BARE),
        ("--direction rtl --emit all", TAP), ("--direction ttb", TAP),
        ("--style minimal --emit all", SCRUB), ("--voice-over --emit all", TAP),
        ("--timer 1 --emit all", TAP), ("--timer '{\"duration\":0.5}' --emit all", TAP),
        ("--timer '{\"bogus\":1}'", TAP), ("--fps 60 --emit all", SCRUB),
        ("--current 3 --emit all", TAP), ("--no-enabled --emit all", TAP),
        ("--hides-for-single-page --pages 1 --emit all", TAP), ("--pitch 10", TAP),
        ("--padding 0 --emit all", "Traces/edge-stepping.jsonl"),
        ("--follow-up-window 0.2", "Traces/follow-up-tap.jsonl"),
        ("--follow-up-radius 30", "Traces/follow-up-tap.jsonl"),
        ("--flick-velocity 200 --emit all", "Traces/flick.jsonl"),
        ("--jog-base 2 --jog-max-rate 5", "Traces/windowed-jog.jsonl"),
        ("--edge-step-rate 4", "Traces/edge-stepping.jsonl"),
        ("--rubber-band 5 --emit all", "Traces/edge-stepping.jsonl"),
        ("--swipe-distance 10 --swipe-velocity 100", "Traces/content-swipe.jsonl"),
        ("--animation-duration 0.1 --emit all", TAP), ("--scrub-travel 4 --emit all", TAP),
        ("--container 0,0,390,400 --emit all", "Traces/content-swipe.jsonl"),
        ("--control 1,2,3", TAP), ("--emit transition,interaction", TAP),
        ("--emit background --emit announcement", "Traces/accessibility.jsonl"),
        ("--emit detail", "Traces/fiori.jsonl"), ("--emit bogus", TAP),
        ("--emit all --emit-key --shard 0/2", SESSIONS),
        ("--emit all --emit-key --shard 1/2", SESSIONS), ("--shard 0/1", SESSIONS),
        ("--shard 2/2", SESSIONS), ("--shard x", SESSIONS), ("--summary --shard 1/3", SESSIONS),
        ("--on-error skip", BAD_LINE), (Q("--on-error skip --strict"), BAD_LINE),
        ("--strict", BAD_LINE), ("--on-error bogus", BAD_LINE), ("-q --on-error skip", BAD_LINE),
        ("--no-progress --on-error skip", BAD_LINE), ("--summary --on-error skip", BAD_LINE),
        ("--jobs 1", f"{TAP} {SCRUB}"), ("--jobs 2", f"{TAP} {SCRUB}"),
        ("--jobs 3 --emit all", f"{TAP} {SCRUB} {SESSIONS}"), ("--jobs 0", TAP),
        ("--jobs x", TAP), ("--format csv --emit-key --emit all", f"{TAP} {SESSIONS}"),
    ]:
        yield R(f"replay {options} {trace}", quick=isinstance(options, Q))
    # classify, stats, render, lint, inspect
    for command in [
        f"classify --summary {TAP}", f"classify --jobs 2 {SCRUB} {TAP}",
        f"classify --format csv --summary {TAP} {SESSIONS}", f"classify --format xml {TAP}",
        f"stats --by-session {SESSIONS}", f"stats --session a {SESSIONS}",
        Q(f"stats --session a --session b --default-session {SESSIONS}"),
        f"stats --default-session {SESSIONS}", f"stats --session nosuch {SESSIONS}",
        f"stats --session '' {SESSIONS}", f"stats --format csv --by-session {SESSIONS} {TAP}",
        f"stats --format jsonl --by-session {SESSIONS} {TAP}", f"stats --format xml {TAP}",
        Q(f"render --list-sessions {SESSIONS}"), f"render --session a {SESSIONS}",
        f"render --session '' {SESSIONS}", f"render --session nosuch {SESSIONS}",
        f"render --start 0.2 --end 0.5 {SCRUB}", f"render --start 5 --end 1 {SCRUB}",
        Q("render --axis both Traces/content-swipe.jsonl"), f"render --axis y {SCRUB}",
        f"render --axis z {SCRUB}", f"render {TAP} {SCRUB}", "render",
        "render Traces/examples/days", "render Traces/examples/days --glob 'day3*'",
        "lint", f"lint --style minimal {SCRUB}", Q(f"lint --disable PT005 --style minimal {SCRUB}"),
        f"lint --disable PT005,PT101 --style minimal {SCRUB}", f"lint --disable PT999 {SCRUB}",
        f"lint --format jsonl --style minimal {SCRUB} {PHONE}", f"lint {PHONE}",
        "lint Traces", "lint --format jsonl Traces/examples", "inspect", "inspect --all Traces",
        "inspect --format jsonl Traces/examples", "inspect Traces/examples/days/day2.jsonl.gz",
    ]:
        yield R(command, quick=isinstance(command, Q))
    # sweep
    for command in [
        "--vary scrubDelay=0.1:0.3:0.1", Q("--vary scrubDelay=0.1:0.3:0.1 --format csv"),
        "--vary scrubDelay=0.1:0.3:0.1 --format jsonl",
        "--vary scrubDelay=0.1:0.3:0.1 --format table",
        "--vary scrubDelay=0.1,0.3 --vary profile=uikit,android",
        "--vary scrubDelay=0.1,0.3 --vary scrubTravel=8,16,24 --format jsonl",
        "--vary scrubDelay=0.1,0.3 --by-file", "--vary pages=2,8,30 --by-file --format csv",
        Q(f"--vary scrubDelay=0.1:0.3:0.1 --chart {OUT}/chart.svg"),
        f"--vary scrubDelay=0.1,0.3 --vary profile=uikit,android --chart {OUT}/heat.svg",
        f"--vary scrubDelay=0.1:0.5:0.1 --metric transitions --metric scrubs --chart {OUT}/m.svg",
        "--vary scrubDelay=0.1,0.3 --metric bogus", "--vary bogus=1,2",
        "--vary scrubDelay=0.3:0.1:0.1", "--vary scrubDelay=-1,0.1", "--vary direction=ltr,rtl",
        "",
    ]:
        yield R(f"sweep {command} {TAP} {SCRUB} Traces/flick.jsonl", quick=isinstance(command, Q))
    # diff
    for command in [
        Q(f"--a scrubDelay=0.1 --b scrubDelay=0.4 {SCRUB}"),
        Q(f"--a scrubDelay=0.1 --b scrubDelay=0.4 --format jsonl {SCRUB}"),
        Q("--a scrubDelay=0.1 --b scrubDelay=0.4 --first Traces"),
        "--a profile=android --b profile=uikit Traces",
        f"--a profile=android {TAP}", f"--b @{PHONE} --format jsonl {TAP}",
        f"--a profile=uikit --b scrubDelay=0.3,scrubTravel=24 --first {SCRUB}",
        f"--a scrubDelay=0.1 --b scrubDelay=0.1 {SCRUB}",
        f"--a bogus=1 --b scrubDelay=0.1 {SCRUB}",
        f"--a @{MISSING} --b scrubDelay=0.1 {SCRUB}", f"{SCRUB}",
        f"--b 'control=0,780,390,30' {TAP}", f"--b progress=1 --format jsonl {TAP}",
    ]:
        yield R(f"diff {command}", quick=isinstance(command, Q))
    # convert, both ways, and generate
    for command in [
        f"convert {TAP}", f"convert --to jsonl {TAP}", f"convert --to binary {TAP}",
        f"convert {SESSIONS}", "convert Traces/examples/days/day1.jsonl.gz", "convert",
        f"convert {TAP} {SCRUB}", f"convert --to xml {TAP}", f"convert --config {PHONE} {TAP}",
    ]:
        yield R(command)
    for name in ["g2k-seed7-3sessions", "g20k-seed42-4sessions-strings"]:
        yield R("convert", inputs.trace(name, ".bin"), "--to binary")
        yield R("convert --to jsonl", inputs.trace(name, ".jsonl.gz"), quick=True)
    for command in [
        Q("--events 1000 --seed 1"), "--events 1000 --seed 2 --sessions 3", "--events 500",
        "--events 3000 --seed 99 --pages 2", "--events 2000 --seed 4 --format binary",
        "--events 200 --seed 18446744073709551615 --sessions 40", "--events 0", "--events -1",
        "--seed 1", "--events 100 --sessions 0", "--events 100 --pages 0",
        "--events 10 --format xml",
    ]:
        yield R(f"generate {command}", quick=isinstance(command, Q))


def stdin_runs(inputs: Inputs):
    """Inputs on standard input: as the open file, and through a pipe (serial with --jobs)."""
    big, gz = inputs.trace("g120k-seed7-6sessions"), "Traces/examples/days/day1.jsonl.gz"
    for command, file in [
        (Q("replay -"), TAP), ("replay", TAP), ("replay --emit all --jobs 2 -", big),
        ("replay --emit all -", gz), ("replay -", inputs.trace("g2k-seed1", ".bin")),
        ("replay --name piped -", TAP), (f"replay --emit all {TAP} -", SCRUB),
        ("replay - -", TAP), ("replay --summary --on-error skip -", BAD_LINE),
        ("classify -", TAP), ("stats -", SESSIONS), ("stats --by-session", SESSIONS),
        ("render -", SCRUB), ("render --list-sessions", SESSIONS), (Q("lint -"), PHONE),
        ("lint --disable PT001 -", inputs.other["pages30.json"]), ("lint", SCRUB),
        ("inspect -", CSV_FILE), ("inspect", gz), ("diff --b scrubDelay=0.3 -", SCRUB),
        ("convert -", TAP), ("convert", inputs.trace("g2k-seed1", ".bin")),
        ("sweep --vary scrubDelay=0.1,0.3 -", SCRUB),
        (f"replay {SMALL} {CSV} -", CSV_FILE), (f"classify {GETEVENT} -", GETEVENT_FILE),
    ]:
        for pipe in (False, True):
            yield R(command, stdin=file, pipe=pipe, quick=isinstance(command, Q))
    yield R("replay --jobs 2 --emit all", big, "-", stdin=inputs.trace("g2k-seed1"))


def usage_runs(inputs: Inputs):
    """Help, version, manual, completion scripts and usage errors."""
    commands = [
        Q(""), "--help", "-h", "help", Q("--version"), Q("--generate-manual"),
        "--generate-completion-script bash", "--generate-completion-script zsh",
        "--generate-completion-script fish", "--generate-completion-script tcsh",
        "--generate-completion-script", "--bogus", "frob", "help frob", "replay --bogus",
        "replay --emitt all Traces/tap.jsonl", Q("replay --jobs 0 Traces/tap.jsonl"),
        "replay --progress Traces/tap.jsonl", "replay --format xml Traces/tap.jsonl",
        "replay -o", "sweep Traces/tap.jsonl", "diff", "render", "generate",
        "stats --sesion a Traces/sessions.jsonl", "--version --help",
    ]
    for sub in SUBCOMMANDS:
        commands += [Q(f"help {sub}") if sub == "replay" else f"help {sub}", f"{sub} --help",
                     f"{sub} -h"]
    commands.append(Q("sweep --help"))
    for command in commands:
        yield R(command, quick=isinstance(command, Q))


def output_runs(inputs: Inputs):
    """-o: written on success only, FILE.partial on failure, refused outputs, write errors."""
    old = {"r.jsonl": b"old content\n"}
    partial = {"r.jsonl.partial": b"an older partial\n"}
    big_bad = inputs.hostile["big-bad.jsonl"]
    for command, setup in [
        (f"replay -o {OUT}/r.jsonl {TAP}", None),
        (f"replay --emit all --format csv -o {OUT}/r.csv {TAP} {SCRUB}", None),
        (Q(f"replay -o {OUT}/r.jsonl {BAD_LINE}"), None),  # fails mid-way: r.jsonl.partial
        (Q(f"replay -o {OUT}/r.jsonl {BAD_LINE}"), old),  # r.jsonl unchanged
        (Q(f"replay -o {OUT}/r.jsonl {BAD_LINE}"), partial),  # the older partial replaced
        (f"replay -o {OUT}/r.jsonl {TAP}", {**old, **partial}),
        (f"replay --emit all --jobs 2 -o {OUT}/r.jsonl {TAP} {BAD_LINE} {SCRUB}", None),
        (f"replay --emit all --jobs 3 -o {OUT}/r.jsonl {TAP} {SCRUB} {MISSING}", None),
        (f"replay --on-error skip --strict -o {OUT}/r.jsonl {BAD_LINE}", old),
        (f"replay --on-error skip -o {OUT}/r.jsonl {BAD_LINE}", old),
        (f"replay -o {OUT}/r.jsonl {MISSING}", old),
        (f"replay -o {OUT}/r.jsonl {OUT}/r.jsonl.partial {BAD_LINE}",
         {"r.jsonl.partial": (ROOT / TAP).read_bytes()}),  # the partial is an input: .1.partial
        (f"replay -o {OUT}/in.jsonl {OUT}/in.jsonl", {"in.jsonl": (ROOT / TAP).read_bytes()}),
        (f"replay --config {OUT}/c.json -o {OUT}/c.json {BARE}",
         {"c.json": (ROOT / PHONE).read_bytes()}),
        (f"replay -o '' {TAP}", None), (f"replay -o {OUT}/no/such/folder/r.jsonl {TAP}", None),
        (f"replay -o {OUT} {TAP}", None), (f"replay -o /dev/full {TAP}", None),
        (f"replay -o /dev/null {TAP}", None), (f"replay -o - {TAP}", None),
        (f"classify -o {OUT}/c.jsonl {TAP}", None),
        (f"classify -o {OUT}/c.jsonl {BAD_LINE}", None),
        (f"classify --format csv -o {OUT}/c.csv {TAP} {BAD_LINE}", None),
        (f"stats -o {OUT}/s.txt {TAP} {SCRUB}", None),
        (f"stats --format csv -o {OUT}/s.csv {TAP} {BAD_LINE}", None),  # the earlier file's row
        (f"stats --session a --session b --default-session -o {OUT}/ab.txt {SESSIONS}", None),
        (f"render -o {OUT}/t.svg {SCRUB}", None),
        (f"render --session nosuch -o {OUT}/t.svg {SESSIONS}", None),
        (f"render --list-sessions -o {OUT}/l.txt {SESSIONS}", None),
        (f"render -o {OUT}/t.svg {BAD_LINE}", None),
        (Q(f"sweep --vary scrubDelay=0.1,0.3 -o {OUT}/w.txt --chart {OUT}/w.svg {TAP} {SCRUB}"),
         None),
        (f"sweep --vary scrubDelay=0.1,0.3 --format csv -o {OUT}/w.csv --chart {OUT}/w.svg "
         f"{BAD_LINE}", None),
        (f"diff --a scrubDelay=0.1 --b scrubDelay=0.4 -o {OUT}/d.txt {SCRUB}", None),
        (f"diff --b scrubDelay=0.4 --format jsonl -o {OUT}/d.jsonl {SCRUB} {BAD_LINE}", None),
        (f"convert -o {OUT}/x.bin {TAP}", None), (f"convert -o {OUT}/x.bin {BAD_LINE}", None),
        (f"convert --on-error skip --strict -o {OUT}/x.bin {BAD_LINE}", None),
        (f"convert --to jsonl -o {OUT}/x.jsonl {BAD_LINE}", None),
        (f"generate --events 2000 --seed 11 -o {OUT}/g.jsonl", None),
        (f"generate --events 2000 --seed 11 --format binary -o {OUT}/g.bin", None),
        (f"generate --events 10 -o {OUT}/no/such/folder/g.jsonl", None),
    ]:
        yield R(command, setup=setup, quick=isinstance(command, Q))
    # Both ways through the binary form, to files, and a failure deep in a parallel replay.
    for name in ["g20k-seed42-4sessions", "g20k-seed42-4sessions-strings", "g120k-seed3"]:
        yield R("convert", inputs.trace(name), "-o", f"{OUT}/x.bin",
                quick=name.endswith("strings"))
        yield R("convert", inputs.trace(name, ".bin"), "-o", f"{OUT}/x.jsonl")
        yield R("convert --to binary", inputs.trace(name, ".jsonl.gz"), "-o", f"{OUT}/x.bin")
    yield R("replay --emit all --jobs 2", big_bad, "-o", f"{OUT}/r.jsonl", quick=True)
    yield R("replay --emit all --format csv", big_bad, "-o", f"{OUT}/r.csv")
    yield R("classify --jobs 2", big_bad, "-o", f"{OUT}/c.jsonl")
    yield R("convert", big_bad, "-o", f"{OUT}/x.bin")
    yield R("convert", inputs.hostile["truncated.bin"], "-o", f"{OUT}/x.jsonl")
    yield R("replay --emit all", inputs.hostile["truncated.jsonl.gz"], "-o", f"{OUT}/r.jsonl")


SECTIONS = [scenario_runs, example_runs, import_runs, generated_runs, hostile_runs, option_runs,
            stdin_runs, usage_runs, output_runs]


# ---------------------------------------------------------------------------------------------
# Inputs


def make_inputs(old: Path, folder: Path) -> Inputs:
    inputs = Inputs(folder)
    folder.mkdir(parents=True, exist_ok=True)
    for name, events, seed, flags in GENERATED:
        jsonl = folder / f"{name}.jsonl"
        pagetrace(old, "generate", "--events", str(events), "--seed", str(seed), *flags.split(),
                  "-o", str(jsonl))
        inputs.generated[name] = forms(old, jsonl)
        if name in STRING_IDS:
            strings = folder / f"{name}-strings.jsonl"
            strings.write_bytes(re.sub(rb'"id":(\d+)', rb'"id":"f\1"', jsonl.read_bytes()))
            inputs.generated[name + "-strings"] = forms(old, strings)
    make_hostile(folder / "hostile", inputs)
    make_others(folder, inputs)
    return inputs


def forms(old: Path, jsonl: Path) -> dict[str, Path]:
    """The trace in JSON Lines, binary (converted by OLD), and both gzip-compressed."""
    binary = jsonl.with_suffix(".bin")
    pagetrace(old, "convert", str(jsonl), "-o", str(binary))
    result = {".jsonl": jsonl, ".bin": binary}
    for path in (jsonl, binary):
        compressed = path.with_name(path.name + ".gz")
        compressed.write_bytes(gzip.compress(path.read_bytes(), mtime=0))
        result[path.suffix + ".gz"] = compressed
    return result


def pagetrace(binary: Path, *args: str):
    result = subprocess.run(["pagetrace", *args], executable=binary, cwd=ROOT, env=ENV,
                            stdin=subprocess.DEVNULL, capture_output=True, timeout=TIMEOUT)
    if result.returncode != 0:
        sys.exit(f"same-output: making the inputs: pagetrace {shlex.join(args)} failed "
                 f"({result.returncode}): {result.stderr.decode(errors='replace')}")


def make_hostile(folder: Path, inputs: Inputs):
    """Traces with bad lines (each kind alone, all together, and deep in a large trace), empty
    and blank files, random bytes, cut gzip and binary traces, odd line endings, and a
    directory that holds no trace."""
    folder.mkdir(parents=True, exist_ok=True)
    lines = (ROOT / TAP).read_bytes().splitlines(keepends=True)
    header, events = lines[0], lines[1:]
    hover = b'{"t":1.2,"pointer":"hover","x":1,"y":2'
    bad = {  # each after tap.jsonl's third event (t 1.08)
        "invalid-json": b'{"t":1.2,"touch":"down","id":1,"x":200\n',
        "unknown-key": b'{"t":1.2,"touch":"down","id":1,"x":200,"y":795,"pressure":0.5}\n',
        "misspelled-key": b'{"t":1.2,"tuch":"down","id":1,"x":200,"y":795}\n',
        "decreasing-time": b'{"t":0.5,"touch":"down","id":1,"x":200,"y":795}\n',
        "nan": b'{"t":1.2,"touch":"down","id":1,"x":NaN,"y":795}\n',
        "infinite": hover + b',"extra":1e999}\n',
        "long-line": hover + b',"pad":"' + b"a" * (2 << 20) + b'"}\n',  # 2 MiB
        "unknown-kind": b'{"t":1.2,"gesture":"pinch","x":1,"y":2}\n',
        "late-header": header,
        "long-string-id": b'{"t":1.2,"touch":"down","id":"' + b"i" * 5000 + b'","x":1,"y":2}\n',
        "big-integer": b'{"t":1.2,"touch":"down","id":9007199254740993,"x":1,"y":2}\n',
        "invalid-utf8": b'{"t":1.2,"touch":"down","session":"caf\xe9","id":1,"x":1,"y":2}\n',
        "lone-surrogate": b'{"t":1.2,"touch":"down","session":"\\ud800","id":1,"x":1,"y":2}\n',
        "duplicate-key": b'{"t":1.2,"touch":"down","id":1,"x":1,"x":2,"y":2}\n',
        "null-value": b'{"t":1.2,"touch":"down","id":null,"x":1,"y":2}\n',
        "deep-nesting": hover + b',"n":' + b"[" * 70 + b"]" * 70 + b"}\n",
        "not-an-object": b"[1,2,3]\n",
        "control-char": b'{"t":1.2,"touch":"down","session":"a\x01b","id":1,"x":1,"y":2}\n',
        "bad-set": b'{"t":1.2,"set":{"pages":-3}}\n',
        "trailing-garbage": b'{"t":1.2,"pointer":"hover","x":1,"y":2} x\n',
    }
    files = inputs.hostile

    def write(name: str, data: bytes):
        files[name] = folder / name
        files[name].write_bytes(data)

    for kind, line in bad.items():
        write(f"bad-{kind}.jsonl", b"".join([header, *events[:3], line, *events[3:]]))
    mixed = [header]  # each bad line after a good one (the last ones after each other)
    for i, line in enumerate(bad.values()):
        mixed += [*events[i:i + 1], line]
    write("bad-all.jsonl", b"".join(mixed + events[len(bad):]))
    # A large trace, bad lines far apart: the parallel reader meets them in different ranges.
    big = inputs.trace("g120k-seed7-6sessions").read_bytes().splitlines(keepends=True)
    q = len(big) // 4
    write("big-bad.jsonl", b"".join(
        big[:q] + [bad["invalid-json"]] + big[q:2 * q] + [bad["long-line"]] + big[2 * q:3 * q]
        + [bad["nan"]] + big[3 * q:]))
    write("big-bad.jsonl.gz", gzip.compress(files["big-bad.jsonl"].read_bytes(), mtime=0))
    write("empty.jsonl", b"")
    write("blank-lines.jsonl", b"\n" * 500 + b"  \n\t\n\r\n" * 100)
    write("many-blanks-then-events.jsonl", header + b"\n" * 700_000 + b"".join(events))
    write("random.bin", random.Random(20240601).randbytes(1 << 16))
    g2k = inputs.generated["g2k-seed7-3sessions"]
    compressed = g2k[".jsonl.gz"].read_bytes()
    write("truncated.jsonl.gz", compressed[: len(compressed) // 2])
    write("truncated-header.jsonl.gz", compressed[:15])
    binary = g2k[".bin"].read_bytes()
    write("truncated.bin", binary[: len(binary) * 6 // 10])
    write("truncated-magic.bin", binary[:5])
    write("crlf.jsonl", b"".join(line.rstrip(b"\n") + b"\r\n" for line in lines))
    write("no-final-newline.jsonl", b"".join(lines).rstrip(b"\n"))
    write("bom.jsonl", b"\xef\xbb\xbf" + b"".join(lines))
    half = len(lines) // 2
    write("two-members.jsonl.gz", gzip.compress(b"".join(lines[:half]), mtime=0)
          + gzip.compress(b"".join(lines[half:]), mtime=0))
    write("gzip-then-garbage.jsonl.gz", gzip.compress(b"".join(lines), mtime=0) + b"garbage\n")
    write("binary-as-jsonl.jsonl", binary[:64])
    empty_dir = folder / "no-traces"
    empty_dir.mkdir(exist_ok=True)
    for name, data in [("notes.txt", b"not a trace\n"), (".hidden.jsonl", b"".join(lines)),
                       ("old.jsonl.partial", b"".join(lines))]:
        (empty_dir / name).write_bytes(data)
    files["no-traces"] = empty_dir


def make_others(folder: Path, inputs: Inputs):
    """Configuration files, and touches.csv in two other layouts."""
    for name, data in [("bad-config.json", b'{"pages":8,"scrubDelya":0.2}\n'),
                       ("not-json.json", b"pages: 8\n"), ("pages30.json", b'{"pages": 30}\n')]:
        inputs.other[name] = folder / name
        inputs.other[name].write_bytes(data)
    rows = [line.split(",") for line in (ROOT / CSV_FILE).read_text().splitlines()]
    phases = {"0": "D", "1": "U", "2": "M"}
    tsv = ["session\tt\tphase\tx\ty"] + [
        "\t".join([r[2], r[3], phases.get(r[4], r[4]), r[6], r[7]]) for r in rows]
    inputs.other["tsv"] = folder / "touches.tsv"
    inputs.other["tsv"].write_text("\n".join(tsv) + "\n")
    semicolon = [";".join(r[:3] + [str(int(r[3]) * 1000)] + r[4:]) for r in rows]  # microseconds
    inputs.other["semicolon"] = folder / "touches-us.csv"
    inputs.other["semicolon"].write_text("\n".join(semicolon) + "\n")


# ---------------------------------------------------------------------------------------------
# Running and comparing


@dataclasses.dataclass
class Outcome:
    status: int | str  # the exit status, "signal N" or "timeout"
    stdout: bytes
    stderr: bytes
    files: dict[str, bytes]  # what the run left in its output folder ("$TMPDIR/…": its TMPDIR)


def execute(binary: Path, run: Run, out: Path, tmp: Path) -> Outcome:
    for folder in (out, tmp):
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
    for name, data in run.setup.items():
        (out / name).write_bytes(data)
    argv = ["pagetrace", *(arg.replace(OUT, str(out)) for arg in run.args)]
    data = None
    with contextlib.ExitStack() as stack:
        if run.stdin is None:
            stdin = subprocess.DEVNULL
        elif run.pipe:
            stdin, data = subprocess.PIPE, (ROOT / run.stdin).read_bytes()
        else:
            stdin = stack.enter_context(open(ROOT / run.stdin, "rb"))
        # A session of its own, so that a run that times out is killed with all it started.
        process = stack.enter_context(subprocess.Popen(
            argv, executable=binary, cwd=ROOT, env={**ENV, "TMPDIR": str(tmp)}, stdin=stdin,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True))
        try:
            stdout, stderr = process.communicate(data, timeout=TIMEOUT)
            code = process.returncode
            status = code if code >= 0 else f"signal {-code}"
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            stdout, stderr = process.communicate()
            status = f"timeout after {TIMEOUT} s"
    files = {**snapshot(out, ""), **snapshot(tmp, "$TMPDIR/")}
    for folder in (out, tmp):
        shutil.rmtree(folder, ignore_errors=True)
    return Outcome(status, stdout, stderr, files)


def snapshot(folder: Path, prefix: str) -> dict[str, bytes]:
    files = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file() and not path.is_symlink():
            files[prefix + str(path.relative_to(folder))] = path.read_bytes()
    return files


def compare(old: Outcome, new: Outcome) -> list[tuple[str, list[str]]]:
    """What differs: (name, lines that show how) for the status, each stream and each file."""
    found = []
    if old.status != new.status or isinstance(old.status, str) and "timeout" in old.status:
        found.append(("status", [f"old {old.status}, new {new.status}"]))
    for name, a, b in [("stdout", old.stdout, new.stdout), ("stderr", old.stderr, new.stderr)]:
        if a != b:
            found.append((name, show_difference(name, a, b)))
    for name in sorted(old.files.keys() | new.files.keys()):
        a, b = old.files.get(name), new.files.get(name)
        if a is None or b is None:
            found.append((f"file {name}", [f"written by {'new' if a is None else 'old'} only"]))
        elif a != b:
            found.append((f"file {name}", show_difference(name, a, b)))
    return found


def show_difference(name: str, a: bytes, b: bytes) -> list[str]:
    """A unified diff of the lines around the first difference, or for bytes that are not
    text, where they first differ."""
    try:
        old_lines, new_lines = a.decode().splitlines(), b.decode().splitlines()
    except UnicodeDecodeError:
        first = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
        return [f"bytes differ from offset {first} (old {len(a)} bytes, new {len(b)} bytes): "
                f"old {a[first:first + 16].hex(' ')}, new {b[first:first + 16].hex(' ')}"]
    first = next((i for i, (x, y) in enumerate(zip(old_lines, new_lines)) if x != y),
                 min(len(old_lines), len(new_lines)))
    start = max(0, first - 2)
    diff = difflib.unified_diff(
        [line[:200] for line in old_lines[start:first + 10]],
        [line[:200] for line in new_lines[start:first + 10]],
        f"old {name} (from line {start + 1})", f"new {name}", n=2, lineterm="")
    lines = list(diff)
    if a and b and a.endswith(b"\n") != b.endswith(b"\n"):
        lines.append("(one ends with a newline, the other does not)")
    return lines[:DIFF_LINES] or [f"old {len(a)} bytes, new {len(b)} bytes"]


def keep(folder: Path, old: Outcome, new: Outcome):
    for side, outcome in [("old", old), ("new", new)]:
        target = folder / side
        target.mkdir(parents=True, exist_ok=True)
        (target / "stdout").write_bytes(outcome.stdout)
        (target / "stderr").write_bytes(outcome.stderr)
        (target / "status").write_text(f"{outcome.status}\n")
        for name, data in outcome.files.items():
            path = target / "files" / name.replace("$TMPDIR", "TMPDIR")
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old", type=Path, metavar="OLD_BINARY")
    parser.add_argument("new", type=Path, metavar="NEW_BINARY")
    parser.add_argument("--quick", action="store_true", help="a small subset, for CI")
    parser.add_argument("--keep", type=Path, metavar="DIR",
                        help="work in DIR and keep it (inputs, and the outputs of differing runs)")
    arguments = parser.parse_args()
    old, new = arguments.old.resolve(), arguments.new.resolve()
    for binary in (old, new):
        if not (binary.is_file() and os.access(binary, os.X_OK)):
            print(f"same-output: {binary} is not an executable file", file=sys.stderr)
            return 2

    if arguments.keep:
        work = arguments.keep.resolve()
        for folder in ("inputs", "runs", "differences"):
            shutil.rmtree(work / folder, ignore_errors=True)
        work.mkdir(parents=True, exist_ok=True)
    else:
        work = Path(tempfile.mkdtemp(prefix="same-output-"))
    try:
        inputs = make_inputs(old, work / "inputs")
        runs = unique([run for section in SECTIONS for run in section(inputs)])
        if arguments.quick:
            runs = [run for run in runs if run.quick]

        def compare_run(numbered: tuple[int, Run]):
            number, run = numbered
            out, tmp = work / "runs" / f"{number:04}", work / "runs" / f"{number:04}.tmp"
            old_outcome = execute(old, run, out, tmp)
            new_outcome = execute(new, run, out, tmp)
            found = compare(old_outcome, new_outcome)
            if found and arguments.keep:
                keep(work / "differences" / f"{number:04}", old_outcome, new_outcome)
            return number, run, found

        differ = 0
        with concurrent.futures.ThreadPoolExecutor(max_workers=WORKERS) as pool:
            for number, run, found in pool.map(compare_run, enumerate(runs, 1)):
                if not found:
                    continue
                differ += 1
                print(f"differs ({', '.join(name for name, _ in found)}): "
                      f"#{number:04} {run.command(work)}")
                for name, lines in found:
                    print("\n".join(f"    {line}" for line in lines))
                sys.stdout.flush()
        shutil.rmtree(work / "runs", ignore_errors=True)
        print(f"same-output: {len(runs)} runs, {differ} differ")
        return 1 if differ else 0
    finally:
        if not arguments.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
