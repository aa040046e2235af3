#!/usr/bin/env python3
"""Writes api/MODULE.txt, the public surface of each library module, from its symbol graphs.

One line per public declaration, sorted: the symbol's path, a colon, its declaration as the
compiler prints it (attributes and parameter names included, so a changed signature changes
the line); and one line per protocol a public type conforms to (`Path: conforms to P`; not
SendableMetatype, which Sendable implies). Members
the compiler synthesises from a conformance (`!=`, `hashValue` of an enum, …) are left out:
their conformance line stands for them.

The symbol graphs come from `swift symbolgraph-extract` on the debug build's modules, as
`.ci/docs.sh` runs it; change the API on purpose, then regenerate the listing with

    bash .ci/docs.sh --update-api

It also checks that the landing page of each module's DocC catalog
(Sources/MODULE/MODULE.docc/MODULE.md) lists every public top-level type in its Topics, so
that a new type is given its place in the documentation.

Usage:
    .ci/api-listing.py SYMBOL-GRAPH-DIR MODULE...           compare api/MODULE.txt (exit 1)
    .ci/api-listing.py --write SYMBOL-GRAPH-DIR MODULE...   write api/MODULE.txt
"""

import difflib
import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


# Conformances the compiler infers from others, and lists or not depending on its version:
# SendableMetatype follows from Sendable.
IMPLIED = {"SendableMetatype"}


def listing(directory, module):
    """The sorted lines of one module: its own graph and its extensions of other modules."""
    graphs = [directory / f"{module}.symbols.json"]
    graphs += sorted(directory.glob(f"{module}@*.symbols.json"))
    lines = set()
    for path in graphs:
        graph = json.loads(path.read_text(encoding="utf-8"))
        symbols = {}
        for symbol in graph["symbols"]:
            precise = symbol["identifier"]["precise"]
            if "::SYNTHESIZED::" in precise or symbol.get("accessLevel") not in ("public", "open"):
                continue
            name = ".".join(symbol["pathComponents"])
            declaration = "".join(f["spelling"] for f in symbol["declarationFragments"])
            declaration = " ".join(declaration.split())
            symbols[precise] = name
            lines.add(f"{name}: {declaration}")
        for relation in graph["relationships"]:
            if relation["kind"] != "conformsTo" or relation["source"] not in symbols:
                continue
            target = (
                symbols.get(relation["target"])
                or relation.get("targetFallback")
                or relation["target"]
            )
            target = target.split(".")[-1] if target.startswith("Swift.") else target
            if target in IMPLIED:
                continue
            lines.add(f"{symbols[relation['source']]}: conforms to {target}")
    return sorted(lines)


def uncurated(directory, module):
    """Top-level public symbols the module's landing page does not list in its Topics."""
    graph = json.loads((directory / f"{module}.symbols.json").read_text(encoding="utf-8"))
    tops = {
        s["pathComponents"][0]
        for s in graph["symbols"]
        if len(s["pathComponents"]) == 1 and s.get("accessLevel") in ("public", "open")
    }
    page = ROOT / "Sources" / module / f"{module}.docc" / f"{module}.md"
    text = page.read_text(encoding="utf-8") if page.exists() else ""
    listed = set(re.findall(r"^- ``(?:" + re.escape(module) + r"/)?(\w+)``", text, re.M))
    return sorted(tops - listed)


def main():
    arguments = sys.argv[1:]
    write = arguments[:1] == ["--write"]
    if write:
        arguments = arguments[1:]
    if len(arguments) < 2:
        raise SystemExit(__doc__)
    directory = pathlib.Path(arguments[0])
    differs = False
    for module in arguments[1:]:
        text = "\n".join(listing(directory, module)) + "\n"
        path = ROOT / "api" / f"{module}.txt"
        if write:
            path.parent.mkdir(exist_ok=True)
            path.write_text(text, encoding="utf-8")
            continue
        missing = uncurated(directory, module)
        if missing:
            differs = True
            print(
                f"Sources/{module}/{module}.docc/{module}.md: add to its Topics: "
                + ", ".join(missing),
                file=sys.stderr,
            )
        current = path.read_text(encoding="utf-8") if path.exists() else ""
        if current != text:
            differs = True
            sys.stdout.writelines(
                difflib.unified_diff(
                    current.splitlines(keepends=True),
                    text.splitlines(keepends=True),
                    f"api/{module}.txt (committed)",
                    f"api/{module}.txt (the build's public API)",
                )
            )
    if differs:
        print(
            "The public API is not the committed listing or the landing pages. If the change is\n"
            "deliberate, run\n"
            "    bash .ci/docs.sh --update-api\n"
            "commit api/, and give new types a place in their catalog's Topics.",
            file=sys.stderr,
        )
        sys.exit(1)


if __name__ == "__main__":
    main()
