// The C library's numerics that PageTrace uses through a shim of its own.
#ifndef PAGETRACE_MATH_H
#define PAGETRACE_MATH_H
#include <math.h>
#include <stddef.h>
#include <stdio.h>

// The jog rate's power, from the platform libm, so that the engine agrees bit for bit with
// every other libm-based implementation.
static inline double _pagetrace_pow(double base, double exponent) {
  return pow(base, exponent);
}

// `value` with `decimals` digits after the point, as `printf("%.*f")` writes it, into `text`
// of `size` bytes; returns what `snprintf` returns. Called from C, so that Swift needs no
// `va_list` for it: building one casts each argument to a protocol at run time, and the
// first such cast of a process scans every conformance of the program (about 600,000
// instructions, 3 an event of `classify` on a 200,000-event trace).
static inline int _pagetrace_format_fixed(char *text, size_t size, int decimals, double value) {
  return snprintf(text, size, "%.*f", decimals, value);
}

#endif
