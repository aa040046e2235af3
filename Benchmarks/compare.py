"""Times pagetrace against Python JSON parsers on the same trace; see compare.sh.

pagetrace is timed as a whole process (start-up, reading, decoding, replaying, writing every
record to /dev/null); each parser only inside Python, on lines already in memory (parse-only,
no replay, no output), each parsed object dropped as soon as it is made: nothing is kept, so
memory stays flat and the figure is the parse (and the freeing of what it built), not the growth
of a list. Every figure is the best of RUNS, the runs of all contenders interleaved, so that a
noisy neighbour hurts everyone alike.
"""

import subprocess
import sys
import time
from importlib.metadata import version


def best(times):
    return min(times)


def main():
    pagetrace, jsonl, binary, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    with open(jsonl, "rb") as f:
        data = f.read()
    lines = data.splitlines()[1:]  # the header is not an event
    size = len(data)
    events = len(lines)
    with open(binary, "rb") as f:
        binary_size = len(f.read())

    parsers = {}
    try:
        import orjson

        parsers["orjson " + version("orjson")] = orjson.loads
    except ImportError:
        pass
    try:
        import msgspec

        decoder = msgspec.json.Decoder()
        parsers["msgspec " + version("msgspec")] = decoder.decode
    except ImportError:
        pass
    try:
        import simdjson

        parser = simdjson.Parser()
        parsers["pysimdjson " + version("pysimdjson")] = parser.parse
    except ImportError:
        pass

    def run_pagetrace(path):
        start = time.perf_counter()
        subprocess.run(
            [pagetrace, "replay", "--emit", "all", path, "-o", "/dev/null"], check=True
        )
        return time.perf_counter() - start

    def run_parser(parse):
        # The result of each call is not bound to anything: it is dropped at once (for
        # pysimdjson, whose parser may hold one document at a time, that is also required).
        start = time.perf_counter()
        for line in lines:
            parse(line)
        return time.perf_counter() - start

    results = {"pagetrace JSON Lines": [], "pagetrace binary": []}
    for name in parsers:
        results[name] = []
    for _ in range(runs):
        results["pagetrace JSON Lines"].append(run_pagetrace(jsonl))
        results["pagetrace binary"].append(run_pagetrace(binary))
        for name, parse in parsers.items():
            results[name].append(run_parser(parse))

    reference = best(results["pagetrace JSON Lines"])
    print(f"{events:,} events, {size / 1e6:.1f} MB JSON Lines, {binary_size / 1e6:.1f} MB binary;"
          f" best of {runs} interleaved runs")
    print(f"{'':45} {'seconds':>8} {'MB/s':>6} {'M ev/s':>7} {'time / pagetrace JSONL':>23}")
    for name, times in results.items():
        seconds = best(times)
        bytes_read = binary_size if name == "pagetrace binary" else size
        what = "end to end" if name.startswith("pagetrace") else "parse only, dropped"
        print(f"{name + ', ' + what:45} {seconds:8.3f} {bytes_read / seconds / 1e6:6.0f}"
              f" {events / seconds / 1e6:7.2f} {seconds / reference:22.2f}x")
    for name, times in results.items():
        if not name.startswith("pagetrace"):
            print(f"pagetrace JSON Lines, replaying and writing, is {best(times) / reference:.2f}x"
                  f" as fast as {name} parsing alone")


if __name__ == "__main__":
    main()
