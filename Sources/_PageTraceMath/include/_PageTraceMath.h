// The one C-library function the engine needs: the jog rate's power, from the platform libm,
// so that it agrees bit for bit with every other libm-based implementation.
#ifndef PAGETRACE_MATH_H
#define PAGETRACE_MATH_H
#include <math.h>

static inline double _pagetrace_pow(double base, double exponent) {
  return pow(base, exponent);
}

#endif
