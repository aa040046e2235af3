// zlib, the system's library (libz.so.1 on every Linux; the header comes with zlib1g-dev,
// among the Swift toolchain's documented dependencies), for reading gzip-compressed traces.
#ifndef PAGETRACE_ZLIB_H
#define PAGETRACE_ZLIB_H
#include <zlib.h>

// `inflateInit2` is a macro, which Swift cannot call: a gzip stream (window bits 15, plus 16
// for the gzip wrapper rather than zlib's or none).
static inline int _pagetrace_inflate_init_gzip(z_streamp stream) {
  return inflateInit2(stream, 15 + 16);
}

#endif
