// What holding a file's records in fresh memory costs this machine, the part of `--jobs N`
// on several files that two processes do not pay (Benchmarks/RESULTS.md, "Issue 24, fourth
// round"): 28 blocks of 1 MiB mapped with their pages in place (as `_HeldOutput` maps them),
// the records copied in 64 KiB drains, and the blocks given back.
//
//   cc -O2 -o /tmp/fresh-memory Benchmarks/tools/fresh-memory.c && /tmp/fresh-memory
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

int main(void) {
  enum { blocks = 28, block = 1 << 20, drain = 64 << 10 };
  static char records[drain];
  memset(records, 'x', sizeof records);
  for (int run = 0; run < 5; run++) {
    void *held[blocks];
    double start = now();
    for (int i = 0; i < blocks; i++)
      held[i] = mmap(NULL, block, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
    double mapped = now();
    for (int i = 0; i < blocks; i++)
      for (int j = 0; j < block / drain; j++) memcpy((char *)held[i] + j * drain, records, drain);
    double copied = now();
    for (int i = 0; i < blocks; i++) munmap(held[i], block);
    double end = now();
    printf("map with pages in place %.2f ms, copy %.2f ms, unmap %.2f ms: %.2f ms for 28 MiB\n",
           (mapped - start) * 1e3, (copied - mapped) * 1e3, (end - copied) * 1e3,
           (end - start) * 1e3);
  }
  return 0;
}
