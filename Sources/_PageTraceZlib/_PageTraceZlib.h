// zlib, the system's library (libz.so.1 on every Linux; the header comes with zlib1g-dev,
// among the Swift toolchain's documented dependencies), for reading gzip-compressed traces and
// compressing Parquet pages.
#ifndef PAGETRACE_ZLIB_H
#define PAGETRACE_ZLIB_H
#include <zlib.h>

// `inflateInit2` is a macro, which Swift cannot call: a gzip stream (window bits 15, plus 16
// for the gzip wrapper rather than zlib's or none).
static inline int _pagetrace_inflate_init_gzip(z_streamp stream) {
  return inflateInit2(stream, 15 + 16);
}

// `deflateInit2` likewise: a gzip stream at `level` (Parquet's GZIP codec, RFC 1952).
static inline int _pagetrace_deflate_init_gzip(z_streamp stream, int level) {
  return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}

#endif
