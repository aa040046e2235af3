#!/usr/bin/env python3
"""Writes Examples/DocSamples/main.swift: every Swift sample of the documentation, compiled.

A sample is a fenced block that opens with a line "```swift" and closes with "```", in
README.md, docs/**/*.md (the behaviour chapters included), the DocC articles (Sources/*/*.docc/**/*.md) and the doc comments
(`///` lines) of Sources/**/*.swift. Each sample becomes a function of its own, named after
its file and the line of its opening fence, and the program's top level calls every one in
turn (in a scratch folder the test prepares: see Tests/PageTraceCLITests/DocSamplesTests.swift).
The executable target `doc-samples` is built with everything else, so a sample that does not
compile fails the build; a sample that throws makes the program exit 1.

Markers, as comments inside a sample (readers see them; they say what the tests do):
    // Package.swift          (first line) a manifest: not Swift of a target. Not compiled;
                              the README's is checked by DocSamplesTests (its version).
    // Compiled, not run: ... the sample is compiled, never called (it waits for input, ...).
    // TODO(lead): ...        the sample needs an API that is not in the package yet: it is
                              left out (and listed at the top of the generated file) until
                              the line is removed.

Doc comment samples may use these names without declaring them (the context of a doc comment:
a configuration, an engine, an event, a writer, ...); each is declared, as below, before the
sample in its function, and the sample runs in a nested scope, so it may declare its own.
DocC articles and the README declare everything they use.

The samples of the `pagetrace` executable's doc comments (Sources/pagetrace) use its internal
types, which no other target can import: they are left out.

Usage:
    python3 .ci/generate-doc-samples.py           write Examples/DocSamples/main.swift
    python3 .ci/generate-doc-samples.py --check   exit 1 if the committed file differs
"""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "Examples" / "DocSamples" / "main.swift"

# The names a doc comment's sample may use undeclared, with their declarations, in order
# (a declaration may use the names above it).
CONTEXT = [
    ("frame", ["let frame = Rect(x: 0, y: 780, width: 390, height: 30)"]),
    (
        "configuration",
        [
            "var configuration = PageControlConfiguration(",
            "  pages: 8, control: Rect(x: 0, y: 780, width: 390, height: 30))",
            "configuration.container = Rect(x: 0, y: 0, width: 390, height: 844)",
        ],
    ),
    ("engine", ["var engine = try PageControlEngine(configuration)"]),
    ("control", ["var control = try PageControl(configuration)"]),
    ("now", ["let now = 1.0"]),
    ("event", ["let event = PageControlEvent(time: 0.5, .touch(.down, id: 1, x: 200, y: 795))"]),
    (
        "events",
        [
            "let events = [",
            "  PageControlEvent(time: 0, .touch(.down, id: 1, x: 200, y: 795)),",
            "  PageControlEvent(time: 0.05, .touch(.up, id: 1, x: 200, y: 795)),",
            "]",
        ],
    ),
    ("writer", ["var writer = RecordWriter(descriptor: .standardOutput, types: .all)"]),
    ("reader", ['var reader = try TraceReader(opening: "trace.jsonl")']),
    (
        "outcome",
        ["let outcome = TraceReplay(TraceReplay.Options()).run(&reader, observer: &writer) { _ in }"],
    ),
    ("line", ["let line = (number: 1, bytes: UnsafeRawBufferPointer(start: nil, count: 0))"]),
    ("name", ['let name = "trace.csv"']),
    ("header", ["var header = ConfigurationPatch()"]),
    (
        "patch",
        [
            "var patch = ConfigurationPatch()",
            "patch.pages = 8",
            "patch.control = Rect(x: 0, y: 780, width: 390, height: 30)",
        ],
    ),
    ("flags", ["let flags = ConfigurationPatch()"]),
    ("options", ["var options = BatchReplay.Options()"]),
    ("output", ['let output = try OutputFile(path: String("/dev/null"), inputs: [String]())']),
    ("decoder", ['var decoder = TraceDecoder(file: "trace.jsonl")']),
    ("mapping", ["let mapping = CSVImporter.Mapping(time: 4, phase: 5, x: 7, y: 8)"]),
    ("session", ["let session = SessionID.defaultSession"]),
    ("key", ["let key = TouchKey.number(1)"]),
    ("timeline", ["var timeline = SVGTimeline(configuration: configuration, session: nil)"]),
    ("statistics", ["var statistics = TraceStatistics(configuration)"]),
]

MANIFEST = "// Package.swift"
NOT_RUN = re.compile(r"^\s*// Compiled, not run\b")
WAITING = re.compile(r"// TODO\(lead\)")


def sources():
    """The documentation files, in a fixed order."""
    files = [ROOT / "README.md"]
    files += sorted((ROOT / "docs").glob("**/*.md"))
    files += sorted(ROOT.glob("Sources/*/*.docc/**/*.md"))
    files += sorted(
        p for p in ROOT.glob("Sources/**/*.swift") if p.relative_to(ROOT).parts[1] != "pagetrace"
    )
    return files


def samples(path):
    """(line of the opening fence, lines of the sample) for each Swift sample of a file."""
    text = path.read_text(encoding="utf-8").split("\n")
    found = []
    in_comment = path.suffix == ".swift"
    prefix = re.compile(r"^\s*/// ?") if in_comment else re.compile(r"^")
    index = 0
    while index < len(text):
        line = text[index]
        if in_comment and not re.match(r"^\s*///", line):
            index += 1
            continue
        body = prefix.sub("", line, count=1)
        if body.strip() == "```swift":
            indent = len(body) - len(body.lstrip())
            start = index + 1
            lines = []
            index += 1
            while index < len(text):
                inner = text[index]
                if in_comment and not re.match(r"^\s*///", inner):
                    raise SystemExit(f"{path}:{start}: a ```swift block the comment does not close")
                inner = prefix.sub("", inner, count=1)
                if inner.strip() == "```":
                    break
                lines.append(inner[indent:] if inner[:indent].strip() == "" else inner)
                index += 1
            else:
                raise SystemExit(f"{path}:{start}: a ```swift block that is never closed")
            found.append((start, lines))
        index += 1
    return found


def function_name(relative, line):
    return "sample_" + re.sub(r"[^A-Za-z0-9]", "_", relative) + f"_{line}"


def uses(name, lines):
    pattern = re.compile(r"(?<![\w.])" + re.escape(name) + r"\b")
    return any(pattern.search(re.sub(r"//.*", "", text)) for text in lines)


def generate():
    out = [
        "// swift-format-ignore-file",
        "// Generated by .ci/generate-doc-samples.py from every ```swift sample of README.md,",
        "// docs/, the DocC catalogs and the doc comments: do not edit. After changing a sample (or",
        "// the lines above one), regenerate with `python3 .ci/generate-doc-samples.py`. The tests",
        "// run it in a scratch folder; run by hand, it writes a few files (out.jsonl, ...) in the",
        "// current folder.",
        "#if canImport(Glibc)",
        "  import Glibc",
        "#elseif canImport(Darwin)",
        "  import Darwin",
        "#endif",
        "import PageTrace",
        "import PageTraceAnalysis",
        "import PageTraceGenerator",
        "import PageTraceIO",
        "import PageTraceImport",
        "",
        "/// Marks a context variable used, so that a sample that only reads it warns of nothing.",
        "func _use<T: ~Copyable>(_ value: inout T) {}",
        "",
    ]
    runs = []
    waiting = []
    for path in sources():
        relative = path.relative_to(ROOT).as_posix()
        is_comment = path.suffix == ".swift"
        for line, lines in samples(path):
            first = next((t for t in lines if t.strip()), "")
            if first.startswith(MANIFEST):
                continue
            if any(WAITING.search(t) for t in lines):
                waiting.append(f"{relative}:{line}")
                continue
            name = function_name(relative, line)
            run = not any(NOT_RUN.match(t) for t in lines)
            imports = [t for t in lines if re.match(r"^import \w+\s*$", t)]
            body = [t for t in lines if t not in imports]
            context = [(n, d) for n, d in CONTEXT if is_comment and uses(n, body)]
            # A context name's declaration may need those above it.
            needed = {n for n, _ in context}
            for n, declaration in reversed(CONTEXT):
                if n in needed:
                    needed |= {m for m, _ in CONTEXT if uses(m, declaration) and m != n}
            context = [(n, d) for n, d in CONTEXT if n in needed]
            out.append(f"// {relative}:{line}" + ("" if run else " (compiled, not run)"))
            out.append(f"func {name}() throws {{")
            for _, declaration in context:
                out += ["  " + t for t in declaration]
            out.append("  do {")
            out += [("    " + t).rstrip() for t in body]
            out.append("  }")
            for n, declaration in context:
                if declaration[0].startswith("var "):
                    out.append(f"  _use(&{n})")
                else:
                    out.append(f"  _ = {n}")
            out.append("}")
            out.append("")
            if run:
                runs.append((f"{relative}:{line}", name))
    out += [
        "// Left out until the API they need is in the package (a `// TODO(lead):` line):",
    ]
    out += [f"// - {label}" for label in waiting] or ["// none"]
    out += [
        "",
        "/// Runs one sample; 1 if it threw, else 0.",
        "func _run(_ label: String, _ sample: () throws -> Void) -> Int {",
        '  print("== \\(label)")',
        "  do {",
        "    try sample()",
        "    return 0",
        "  } catch {",
        '    print("\\(label): the sample threw \\(error)")',
        "    return 1",
        "  }",
        "}",
        "",
        "var failures = 0",
    ]
    out += [f'failures += _run("{label}", {name})' for label, name in runs]
    out += [
        'print("\\(failures) of ' + str(len(runs)) + ' samples failed")',
        "exit(failures == 0 ? 0 : 1)",
        "",
    ]
    return "\n".join(out)


def main():
    text = generate()
    if sys.argv[1:] == ["--check"]:
        current = OUTPUT.read_text(encoding="utf-8") if OUTPUT.exists() else ""
        if current != text:
            print(
                f"{OUTPUT.relative_to(ROOT)} is not what .ci/generate-doc-samples.py writes: "
                "run python3 .ci/generate-doc-samples.py",
                file=sys.stderr,
            )
            sys.exit(1)
        return
    if sys.argv[1:]:
        raise SystemExit(__doc__)
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    OUTPUT.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
