"""What the generators of the 128-bit tables of powers share: the Swift file's rendering and
the write-or-check entry point (.ci/generate-powers-of-five.py,
.ci/generate-scaled-powers-of-ten.py)."""

import sys


def floor_log2_of_power(base, exponent):
    """floor(exponent * log2(base)), exactly, for a base that is not a power of two: its
    powers other than base^0 are never powers of two."""
    if exponent >= 0:
        return (base**exponent).bit_length() - 1
    return -((base**-exponent).bit_length())


def hex64(value):
    digits = f"{value:016X}"
    return "0x" + "_".join(digits[i : i + 4] for i in range(0, 16, 4))


def render(header, doc, name, exponents, entry, label, range_doc):
    """The Swift file: `header` and `doc` comment lines, then `let NAME` holding each entry's
    high and low 64 bits (commented with `label(exponent)`), then `let NAMERange`."""
    lines = [f"// {line}" if line else "//" for line in header] + [""]
    lines += [f"/// {line}" for line in doc]
    lines.append(f"let {name}: [(high: UInt64, low: UInt64)] = [")
    for exponent in exponents:
        value = entry(exponent)
        high, low = value >> 64, value & ((1 << 64) - 1)
        lines.append(f"  ({hex64(high)}, {hex64(low)}),  // {label(exponent)}")
    lines.append("]")
    lines.append("")
    lines.append(f"/// {range_doc}")
    lines.append(f"let {name}Range = {exponents.start}...{exponents.stop - 1}")
    return "\n".join(lines) + "\n"


def main(output, text):
    """Writes `text` to `output`, or with --check exits 1 if the committed file differs."""
    arguments = sys.argv[1:]
    if arguments == ["--check"]:
        if not output.exists() or output.read_text() != text:
            print(f"{output} differs from what {sys.argv[0]} generates; run it.", file=sys.stderr)
            return 1
        return 0
    if arguments:
        print(f"usage: {sys.argv[0]} [--check]", file=sys.stderr)
        return 2
    output.write_text(text)
    return 0
