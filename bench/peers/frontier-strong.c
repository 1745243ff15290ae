/*
 * The strongest plain C frontier sweep we could write, the baseline for the whole-process
 * comparison (bench/peers/frontier-process.js): Hamiltonian cycles (closed knight's tours) or
 * undirected Hamiltonian paths (open tours) on a rows x cols board, swept row by row over the
 * narrower side (a board wider than tall is transposed, as the CLI does), width at most 6.
 *
 * The same algorithm and state encoding as src/count/frontier-cell.ts: a window of w = 2*cols+1
 * slots, 4-bit codes (GONE, FREE, TAIL for a piece holding a tour end, then mates named by
 * distance), packed into one 64-bit word; the same pruning (a free cell's remaining chances,
 * path ends of the wrong colour); mirror states folded at row ends (the smaller key of a state
 * and its left-right mirror image is kept); counts modulo 2^64. Beyond frontier-count.c (the
 * textbook program): the working state never leaves its 64-bit word (fields are read and
 * written with shifts, mates found once per state), 16-byte table entries (key and count side
 * by side, one cache line per probe), and insertions queued through a ring of prefetches so
 * their cache misses overlap.
 *
 *   gcc -O2 -march=native -o frontier-strong frontier-strong.c && ./frontier-strong 8 6 cycle
 *
 * Prints: count peak_states cpu_seconds.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { GONE = 0, FREE = 1 };
#define USEDBIT (1ULL << 63)
#define RING 16

typedef struct {
  uint64_t key; /* key | USEDBIT; 0 = empty */
  uint64_t count;
} Entry;

typedef struct {
  Entry *e;
  size_t cap, size, limit;
  int shift; /* 64 - log2(cap) */
  /* Queued insertions: their slots were prefetched when queued. */
  uint64_t rk[RING], rc[RING], rh[RING];
  unsigned head, fill;
} Table;

static void *alloc(size_t bytes) {
  void *p = calloc(1, bytes);
  if (!p) {
    fprintf(stderr, "out of memory\n");
    exit(1);
  }
  return p;
}

static void table_init(Table *t, int log2cap) {
  t->cap = (size_t)1 << log2cap;
  t->e = alloc(t->cap * sizeof(Entry));
  t->size = 0;
  t->limit = t->cap / 2;
  t->shift = 64 - log2cap;
  t->head = t->fill = 0;
}

static inline uint64_t mix(uint64_t k) {
  k ^= k >> 31;
  k *= 0x9e3779b97f4a7c15ULL;
  return k ^ (k >> 29);
}

static void insert_now(Table *t, uint64_t stored, uint64_t h, uint64_t count);

static void table_grow(Table *t) {
  Entry *old = t->e;
  size_t oldCap = t->cap;
  t->cap *= 2;
  t->shift--;
  t->limit = t->cap / 2;
  t->e = alloc(t->cap * sizeof(Entry));
  t->size = 0;
  for (size_t s = 0; s < oldCap; s++)
    if (old[s].key) insert_now(t, old[s].key, mix(old[s].key), old[s].count);
  free(old);
}

static inline void insert_now(Table *t, uint64_t stored, uint64_t h, uint64_t count) {
  size_t mask = t->cap - 1, s = h >> t->shift;
  for (;;) {
    Entry *x = &t->e[s];
    if (x->key == stored) {
      x->count += count;
      return;
    }
    if (x->key == 0) {
      x->key = stored;
      x->count = count;
      if (++t->size > t->limit) table_grow(t);
      return;
    }
    s = (s + 1) & mask;
  }
}

static inline void table_queue(Table *t, uint64_t key, uint64_t count) {
  uint64_t stored = key | USEDBIT, h = mix(stored);
  __builtin_prefetch(&t->e[h >> t->shift], 1);
  unsigned at = (t->head + t->fill) % RING;
  if (t->fill == RING) {
    /* The oldest queued insertion, whose line has had RING insertions' time to arrive. */
    insert_now(t, t->rk[t->head], t->rh[t->head], t->rc[t->head]);
    at = t->head;
    t->head = (t->head + 1) % RING;
  } else {
    t->fill++;
  }
  t->rk[at] = stored;
  t->rh[at] = h;
  t->rc[at] = count;
}

static void table_flush(Table *t) {
  for (; t->fill; t->fill--, t->head = (t->head + 1) % RING)
    insert_now(t, t->rk[t->head], t->rh[t->head], t->rc[t->head]);
}

#define GET(s, i) ((int)(((s) >> (4 * (i))) & 15))
#define SET(s, i, v) ((s) = ((s) & ~(15ULL << (4 * (i)))) | ((uint64_t)(v) << (4 * (i))))

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: frontier-strong ROWS COLS cycle|path\n");
    return 2;
  }
  int rows = atoi(argv[1]), cols = atoi(argv[2]);
  int path = strcmp(argv[3], "path") == 0;
  if (cols > rows) {
    int x = rows;
    rows = cols;
    cols = x;
  }
  if (cols > 6 || cols < 1 || rows < 1 || rows > 200) {
    fprintf(stderr, "the narrower side must be 1..6 and the other at most 200\n");
    return 2;
  }
  clock_t began = clock();
  const int TAIL = path ? 2 : -1, SECOND = path ? 3 : 2;
  int n = rows * cols;
  static int later[1200][4], nlater[1200], earlier[1200][4], nearlier[1200], lastLater[1200];
  const int dr[4] = {1, 1, 2, 2}, dc[4] = {-2, 2, -1, 1};
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      for (int m = 0; m < 4; m++) {
        int nr = r + dr[m], nc = c + dc[m];
        if (nr < rows && nc >= 0 && nc < cols) {
          int u = r * cols + c, v = nr * cols + nc;
          later[u][nlater[u]++] = v;
          earlier[v][nearlier[v]++] = u;
        }
      }
  int w = 1;
  for (int u = 0; u < n; u++) {
    lastLater[u] = u;
    for (int i = 0; i < nlater[u]; i++)
      if (later[u][i] > lastLater[u]) lastLater[u] = later[u][i];
    if (lastLater[u] - u > w) w = lastLater[u] - u;
  }
  /* Open tours on an odd number of cells run between two cells of the majority colour (that
   * of cell 0): an end fixed on the other colour never completes. */
  int oddCells = path && (n % 2 == 1);
#define WRONG_END(u) (oddCells && (u) >= 0 && (((u) / cols + (u) % cols) & 1))

  /* The mirror at a row end: working slot i (cell t - w + i, t the row's last cell) moves to
   * slot slotMirror[i]; a slot whose mirror is outside the window must be GONE. mirrorKey[i][code]
   * is what slot i with that code contributes to the mirror image's key (key field = slot - 1). */
  int slotMirror[16];
  uint64_t closedMask = 0, mirrorKey[16][16];
  memset(mirrorKey, 0, sizeof mirrorKey);
  for (int i = 1; i <= w; i++) {
    int col = (((cols - 1 - w + i) % cols) + cols) % cols, m = i + cols - 1 - 2 * col;
    slotMirror[i] = m >= 1 && m <= w ? m : -1;
    if (slotMirror[i] < 0) closedMask |= 15ULL << (4 * i);
  }
  for (int i = 1; i <= w; i++) {
    int mi = slotMirror[i];
    if (mi < 0) continue;
    for (int code = 1; code < 16; code++) {
      if (code == FREE || code == TAIL) {
        mirrorKey[i][code] = (uint64_t)code << (4 * (mi - 1));
      } else if (code > SECOND && i + code - SECOND <= w && slotMirror[i + code - SECOND] >= 0) {
        int mj = slotMirror[i + code - SECOND], lo = mi < mj ? mi : mj, hi = mi < mj ? mj : mi;
        mirrorKey[i][code] = ((uint64_t)(SECOND + hi - lo) << (4 * (lo - 1))) |
                             ((uint64_t)SECOND << (4 * (hi - 1)));
      }
    }
  }

  Table tabs[2];
  table_init(&tabs[0], 10);
  table_init(&tabs[1], 10);
  Table *cur = &tabs[0], *next = &tabs[1];
  insert_now(cur, 0 | USEDBIT, mix(USEDBIT), 1);
  size_t peak = 1;
  uint64_t accepted = 0;
  for (int t = 0; t < n; t++) {
    int k = nearlier[t], eSlot[4], eRem[4];
    for (int j = 0; j < k; j++) {
      int u = earlier[t][j];
      eSlot[j] = u - t + w;
      eRem[j] = 0;
      for (int i = 0; i < nlater[u]; i++) eRem[j] += later[u][i] > t;
    }
    int leave[32], leaveWrong[32], nleave = 0;
    for (int u = t - w < 0 ? 0 : t - w; u <= t; u++)
      if (lastLater[u] == t) {
        leaveWrong[nleave] = WRONG_END(u);
        leave[nleave++] = u - t + w;
      }
    int last = t == n - 1, vLeaves = !path && lastLater[t] == t;
    int foldHere = !last && (t + 1) % cols == 0, oldestWrong = WRONG_END(t - w);
    int subMask[16], subA[16], subB[16], subsets = 0;
    for (int a = -1; a < k; a++)
      for (int b = a; b < k; b++) {
        if (a == -1 && b != -1) break;
        int size = a == -1 ? 0 : b == a ? 1 : 2;
        if (vLeaves && size != 2) continue;
        subMask[subsets] = size == 0 ? 0 : (1 << a) | (1 << b);
        subA[subsets] = size >= 1 ? eSlot[a] : -1;
        subB[subsets] = size == 2 ? eSlot[b] : -1;
        subsets++;
      }
    Entry *tab = cur->e;
    for (size_t slot = 0; slot < cur->cap; slot++) {
      if (!tab[slot].key) continue;
      uint64_t count = tab[slot].count;
      /* The working state: the key's w fields in slots 0..w-1, slot w the new cell, FREE. */
      uint64_t st = (tab[slot].key & ~USEDBIT) | ((uint64_t)FREE << (4 * w));
      /* Every slot's mate (path ends only), found in one pass; ends fixed = TAIL codes. */
      int mate[16], endsIn = 0;
      for (int i = 0; i < w; i++) {
        int code = GET(st, i);
        if (code > SECOND) {
          mate[i] = i + code - SECOND;
          mate[i + code - SECOND] = i;
        } else if (code == TAIL)
          endsIn++;
      }
      int must = 0, able = 0, freeNeed = path && endsIn < 2 ? 1 : 2;
      for (int j = 0; j < k; j++) {
        int code = GET(st, eSlot[j]);
        if (code == FREE) {
          able |= 1 << j;
          if (eRem[j] < freeNeed) must |= 1 << j;
        } else if (code != GONE) {
          able |= 1 << j;
          if (!path && eRem[j] == 0) must |= 1 << j;
        }
      }
      if (must & ~able) continue;
      for (int sub = 0; sub < subsets; sub++) {
        int chosen = subMask[sub];
        if ((chosen & must) != must || (chosen & ~able)) continue;
        int sa = subA[sub], sb = subB[sub], endsOut = endsIn, complete = 0;
        uint64_t cs = st;
        /* Mates in cs: those of st, except the pairs made below (recorded in pm). */
        int pmA = -1, pmB = -1;
        if (sb >= 0) {
          SET(cs, w, GONE);
          int ca = GET(st, sa), cb = GET(st, sb);
          int endA = ca == FREE ? sa : ca == TAIL ? -1 : mate[sa];
          if (endA == sb) {
            if (path || !last) continue;
            SET(cs, sa, GONE);
            SET(cs, sb, GONE);
            complete = 1;
          } else {
            int endB = cb == FREE ? sb : cb == TAIL ? -1 : mate[sb];
            if (ca != FREE) SET(cs, sa, GONE);
            if (cb != FREE) SET(cs, sb, GONE);
            if (endA < 0 && endB < 0) {
              if (!last) continue;
              complete = 1;
            } else if (endA < 0)
              SET(cs, endB, TAIL);
            else if (endB < 0)
              SET(cs, endA, TAIL);
            else
              pmA = endA, pmB = endB;
          }
        } else if (sa >= 0) {
          int ca = GET(st, sa);
          int far = ca == FREE ? sa : ca == TAIL ? -1 : mate[sa];
          if (ca != FREE) SET(cs, sa, GONE);
          if (far < 0)
            SET(cs, w, TAIL);
          else if (far > 0)
            pmA = far, pmB = w;
          else {
            if (!path || ++endsOut > 2 || oldestWrong) continue;
            SET(cs, 0, GONE);
            SET(cs, w, TAIL);
          }
        }
        if (pmA >= 0) {
          int x = pmA < pmB ? pmA : pmB, y = pmA < pmB ? pmB : pmA;
          SET(cs, x, SECOND + y - x);
          SET(cs, y, SECOND);
        }
        int ok = 1;
        for (int e = 0; e < nleave; e++) {
          int sl = leave[e], code = GET(cs, sl);
          if (code == GONE) continue;
          if (code == FREE || !path || ++endsOut > 2 || leaveWrong[e]) {
            ok = 0;
            break;
          }
          if (code == TAIL) {
            if (!last || complete) {
              ok = 0;
              break;
            }
            complete = 1;
          } else {
            int m = sl == pmA ? pmB : sl == pmB ? pmA : mate[sl];
            SET(cs, m, TAIL);
          }
          SET(cs, sl, GONE);
        }
        if (ok && endsOut == 2 && endsIn < 2)
          for (int j = 0; j < k; j++)
            if (GET(cs, eSlot[j]) == FREE && eRem[j] < 2) ok = 0;
        if (!ok) continue;
        if (last) {
          if (complete && cs == 0 && (!path || endsOut == 2)) accepted += count;
          continue;
        }
        if (cs & 15) {
          fprintf(stderr, "invariant: oldest cell still open at cell %d\n", t);
          return 1;
        }
        uint64_t out = cs >> 4;
        if (foldHere) {
          if (cs & closedMask) {
            fprintf(stderr, "invariant: a row ended with a slot open whose mirror is outside\n");
            return 1;
          }
          uint64_t m = 0;
          for (int i = 1; i <= w; i++) m |= mirrorKey[i][GET(cs, i)];
          if (m < out) out = m;
        }
        table_queue(next, out, count);
      }
    }
    table_flush(next);
    memset(cur->e, 0, cur->cap * sizeof(Entry));
    cur->size = 0;
    Table *swap = cur;
    cur = next;
    next = swap;
    if (cur->size > peak) peak = cur->size;
  }
  printf("%llu %zu %.3f\n", (unsigned long long)accepted, peak,
         (double)(clock() - began) / CLOCKS_PER_SEC);
  return 0;
}
