"""Wall-clock ratios of whole pagetrace processes, each against its baseline in the same minutes.

    python3 clock.py PAGETRACE WORK PAIRS

WORK is a folder holding the traces clock.sh generated: one.jsonl (one session), one-b.jsonl
(the second file, another seed), eight.jsonl (eight sessions) and one.jsonl.gz. For each row,
its command A and its baseline B run in turn, A B B A A B ..., after one warm-up of each, and
the ratio is taken pair by pair (B's time over A's for a speed-up, A's over B's for a cost):
pairing keeps a ratio meaningful when the machine's speed drifts. The row prints the median of
the pairs' ratios, with their smallest and largest: quote the median; a wide spread says the
machine was noisy.

With BASELINE naming another build's binary, four more rows time this build's replay, replay
with `--jobs 2`, classify and stats against that build's, pair by pair as the others: a round
against the previous one, in the same minutes.

Before timing, every `--jobs` row checks that A writes exactly what B writes, on standard
output instead of /dev/null (the output of `--jobs N` is byte for byte that of `--jobs 1`), so
a run of this script on a small trace is also a check (`.ci/run` does that, on traces of
several chunks).

"Two separate processes" is the yardstick of the rows on two files: two pagetrace processes,
one file each, started together, which share nothing. On a machine whose two processors are
really two cores it is close to 2x; when it is well below, the machine did not give two full
cores during the run (a virtual machine's two processors can be two threads of one core), and
every two-core row of the run is limited to about as much.
"""

import hashlib
import os
import statistics
import subprocess
import sys
import tempfile
import time

DEVNULL = subprocess.DEVNULL


def run(command):
    """Runs COMMAND: a list of arguments, or a tuple of such lists started together (the
    yardstick's separate processes). Returns the wall time until every process has ended;
    stops the script, with the command's own error, if one fails."""
    commands = command if isinstance(command, tuple) else (command,)
    start = time.perf_counter()
    processes = [subprocess.Popen(c, stdout=DEVNULL, stderr=subprocess.PIPE) for c in commands]
    errors = [p.communicate()[1] for p in processes]
    elapsed = time.perf_counter() - start
    for c, p, error in zip(commands, processes, errors):
        if p.returncode != 0:
            sys.exit(f"{' '.join(c)} exited {p.returncode}: {error.decode(errors='replace')}")
    return elapsed


def digest(command):
    """What COMMAND writes on standard output (hashed as it comes, 1 MiB at a time) and on
    standard error, and its exit status."""
    with tempfile.TemporaryFile() as error:  # a file, not a pipe: nothing waits on it
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=error)
        output = hashlib.sha256()
        while chunk := process.stdout.read(1 << 20):
            output.update(chunk)
        status = process.wait()
        error.seek(0)
        return output.hexdigest(), error.read(), status


def pairs(a, b, count):
    """The ratios time(b) / time(a) of COUNT pairs, the order alternating pair by pair."""
    run(a)
    run(b)
    ratios = []
    for index in range(count):
        if index % 2 == 0:
            ta, tb = run(a), run(b)
        else:
            tb, ta = run(b), run(a)
        ratios.append(tb / ta)
    return ratios


def main():
    pagetrace, work, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    if count < 1:
        sys.exit("PAIRS must be at least 1")
    processors = os.cpu_count() or 1
    print(f"{processors} processors")
    if processors < 2 and os.environ.get("CI") == "true":
        # With one processor `--jobs 2` replays serially, and the check below would compare a
        # serial replay with itself.
        sys.exit("CI needs at least 2 processors for the --jobs check")
    one, other = f"{work}/one.jsonl", f"{work}/one-b.jsonl"
    eight, gz = f"{work}/eight.jsonl", f"{work}/one.jsonl.gz"

    def replay(*args):
        return [pagetrace, "replay", "--emit", "all", *args, "-o", "/dev/null"]

    def to_stdout(command):
        return command[:-2]  # without "-o /dev/null": the output, for the identity check

    # (label, A, B, speed-up?): a speed-up row prints time(B) / time(A), a cost row time(A) / time(B).
    rows = [
        ("one file, one session: --jobs 2 against --jobs 1", replay("--jobs", "2", one), replay("--jobs", "1", one), True),
        ("one file, eight sessions: --jobs 2 against --jobs 1", replay("--jobs", "2", eight), replay("--jobs", "1", eight), True),
        ("one file, gzip: --jobs 2 against --jobs 1", replay("--jobs", "2", gz), replay("--jobs", "1", gz), True),
        ("two files: --jobs 2 against --jobs 1", replay("--jobs", "2", one, other), replay("--jobs", "1", one, other), True),
        (
            "two files: two separate processes against --jobs 1 (the yardstick)",
            (replay(one), replay(other)),
            replay("--jobs", "1", one, other),
            True,
        ),
        ("classify: time against replay --emit all", [pagetrace, "classify", one, "-o", "/dev/null"], replay(one), False),
        ("stats: time against replay --emit all", [pagetrace, "stats", one, "-o", "/dev/null"], replay(one), False),
    ]
    # Another build (BASELINE), its commands timed beside this build's: a cost row each, this
    # build's time over the baseline's (below 1 is faster).
    baseline = os.environ.get("BASELINE")
    against = []
    if baseline:
        for name, args in [
            ("replay --emit all", ["replay", "--emit", "all", one]),
            ("replay --emit all --jobs 2", ["replay", "--emit", "all", "--jobs", "2", one]),
            ("classify", ["classify", one]),
            ("stats", ["stats", one]),
        ]:
            a, b = [pagetrace, *args, "-o", "/dev/null"], [baseline, *args, "-o", "/dev/null"]
            against.append((f"{name}: this build against BASELINE", a, b, False))

    failed = False
    for label, a, b, _ in rows:
        if not isinstance(a, tuple) and "--jobs" in a:
            if digest(to_stdout(a)) != digest(to_stdout(b)):
                print(f"DIFFERENT OUTPUT: {label}", flush=True)
                failed = True
    if failed:
        sys.exit(1)
    for label, a, b, _ in against:
        # A note, not a failure: a baseline of another version may write other records.
        if digest(to_stdout(a)) != digest(to_stdout(b)):
            print(f"note: the two builds write different output: {label}", flush=True)
    rows += against

    print(f"{count} pairs a row, medians of the pairs' ratios (smallest, largest)")
    for label, a, b, speedup in rows:
        ratios = pairs(a, b, count)
        if not speedup:
            ratios = [1 / r for r in ratios]
        median = statistics.median(ratios)
        print(f"  {label:<72} {median:5.2f}x  ({min(ratios):.2f}, {max(ratios):.2f})", flush=True)


if __name__ == "__main__":
    main()
