/*
 * A plain C frontier sweep, for comparison with src/count/frontier.ts: Hamiltonian cycles
 * (closed tours) or paths (open tours, undirected) of the knight graph on a rows x cols board,
 * cols <= 6, by the same row-major transfer matrix — the same codes (mates named by distance),
 * the same pruning, 4-bit fields in a 64-bit key, counts modulo 2^64, two open-addressing
 * tables with linear probing (power-of-two sizes, grown at a load of 0.7).
 *
 *   gcc -O2 -o frontier-count frontier-count.c && ./frontier-count 8 6 cycle
 *
 * Prints: count peak_states cpu_seconds.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { GONE = 0, FREE = 1, TAIL = 2, SECOND = 3 };

typedef struct {
  uint64_t *keys; /* key + 1; 0 = empty */
  uint64_t *counts;
  size_t mask, size;
} Table;

static void table_init(Table *t, size_t cap) {
  t->keys = calloc(cap, sizeof(uint64_t));
  t->counts = malloc(cap * sizeof(uint64_t));
  t->mask = cap - 1;
  t->size = 0;
  if (!t->keys || !t->counts) {
    fprintf(stderr, "out of memory\n");
    exit(1);
  }
}

static inline uint64_t hash64(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  return x;
}

static void table_add(Table *t, uint64_t key, uint64_t count);

static void table_grow(Table *t) {
  Table bigger;
  table_init(&bigger, (t->mask + 1) * 2);
  for (size_t s = 0; s <= t->mask; s++)
    if (t->keys[s]) table_add(&bigger, t->keys[s] - 1, t->counts[s]);
  free(t->keys);
  free(t->counts);
  *t = bigger;
}

static void table_add(Table *t, uint64_t key, uint64_t count) {
  uint64_t stored = key + 1;
  size_t s = hash64(key) & t->mask;
  for (;;) {
    if (t->keys[s] == stored) {
      t->counts[s] += count;
      return;
    }
    if (t->keys[s] == 0) {
      t->keys[s] = stored;
      t->counts[s] = count;
      if (++t->size * 10 > (t->mask + 1) * 7) table_grow(t);
      return;
    }
    s = (s + 1) & t->mask;
  }
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: frontier-count ROWS COLS cycle|path\n");
    return 2;
  }
  int rows = atoi(argv[1]), cols = atoi(argv[2]);
  int path = strcmp(argv[3], "path") == 0;
  if (cols > 6 || cols < 1 || rows < 1) {
    fprintf(stderr, "cols must be 1..6\n");
    return 2;
  }
  clock_t began = clock();
  int n = rows * cols;
  static int later[1024][4], nlater[1024], earlier[1024][4], nearlier[1024], lastLater[1024];
  const int dr[4] = {1, 1, 2, 2}, dc[4] = {-2, 2, -1, 1};
  for (int u = 0; u < n; u++) nlater[u] = nearlier[u] = 0;
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
  Table cur, next;
  table_init(&cur, 1 << 10);
  table_init(&next, 1 << 10);
  table_add(&cur, 0, 1);
  size_t peak = 1;
  uint64_t accepted = 0;
  int st[32];
  for (int t = 0; t < n; t++) {
    int k = nearlier[t], eSlot[4], eRem[4];
    for (int j = 0; j < k; j++) {
      int u = earlier[t][j];
      eSlot[j] = u - t + w;
      eRem[j] = 0;
      for (int i = 0; i < nlater[u]; i++) eRem[j] += later[u][i] > t;
    }
    int leave[32], nleave = 0;
    for (int u = t - w < 0 ? 0 : t - w; u <= t; u++)
      if (lastLater[u] == t) leave[nleave++] = u - t + w;
    int last = t == n - 1, vLeaves = !path && lastLater[t] == t;
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
    for (size_t s = 0; s <= cur.mask; s++) {
      if (!cur.keys[s]) continue;
      uint64_t key = cur.keys[s] - 1, count = cur.counts[s];
      int tails = 0;
      for (int i = 0; i < w; i++) {
        st[i] = (key >> (4 * i)) & 15;
        tails += st[i] == TAIL;
      }
      st[w] = FREE;
      int endsIn = tails, must = 0, able = 0, freeNeed = path && endsIn < 2 ? 1 : 2;
      for (int j = 0; j < k; j++) {
        int code = st[eSlot[j]];
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
        int sa = subA[sub], sb = subB[sub], endsOut = endsIn, complete = 0, cs[33];
        memcpy(cs, st, sizeof(int) * (w + 1));
#define MATE(arr, i, code)                                                   \
  ((code) > SECOND ? (i) + (code) - SECOND : ({                                \
    int m_ = -1;                                                               \
    for (int j_ = (i) - 1; j_ >= 0; j_--)                                      \
      if (arr[j_] == SECOND + (i) - j_) {                                      \
        m_ = j_;                                                               \
        break;                                                                 \
      }                                                                        \
    m_;                                                                        \
  }))
#define PAIR(x, y)                                                           \
  do {                                                                         \
    if ((x) < (y)) {                                                           \
      cs[x] = SECOND + (y) - (x);                                              \
      cs[y] = SECOND;                                                          \
    } else {                                                                   \
      cs[y] = SECOND + (x) - (y);                                              \
      cs[x] = SECOND;                                                          \
    }                                                                          \
  } while (0)
        if (sb >= 0) {
          cs[w] = GONE;
          int ca = st[sa], cb = st[sb];
          int endA = ca == FREE ? sa : ca == TAIL ? -1 : MATE(st, sa, ca);
          if (endA == sb) {
            if (path || !last) continue;
            cs[sa] = cs[sb] = GONE;
            complete = 1;
          } else {
            int endB = cb == FREE ? sb : cb == TAIL ? -1 : MATE(st, sb, cb);
            if (ca != FREE) cs[sa] = GONE;
            if (cb != FREE) cs[sb] = GONE;
            if (endA < 0 && endB < 0) {
              if (!last) continue;
              complete = 1;
            } else if (endA < 0)
              cs[endB] = TAIL;
            else if (endB < 0)
              cs[endA] = TAIL;
            else
              PAIR(endA, endB);
          }
        } else if (sa >= 0) {
          int ca = st[sa];
          int far = ca == FREE ? sa : ca == TAIL ? -1 : MATE(st, sa, ca);
          if (ca != FREE) cs[sa] = GONE;
          if (far < 0)
            cs[w] = TAIL;
          else if (far > 0)
            PAIR(far, w);
          else {
            if (!path || ++endsOut > 2) continue;
            cs[0] = GONE;
            cs[w] = TAIL;
          }
        }
        int ok = 1;
        for (int e = 0; e < nleave && ok; e++) {
          int sl = leave[e], code = cs[sl];
          if (code == GONE) continue;
          if (code == FREE || !path || ++endsOut > 2) {
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
            int m = MATE(cs, sl, code);
            cs[m] = TAIL;
          }
          cs[sl] = GONE;
        }
        if (ok && endsOut == 2 && endsIn < 2)
          for (int j = 0; j < k; j++)
            if (cs[eSlot[j]] == FREE && eRem[j] < 2) ok = 0;
        if (!ok) continue;
        if (last) {
          int empty = 1;
          for (int i = 0; i <= w; i++) empty &= cs[i] == GONE;
          if (complete && empty && (!path || endsOut == 2)) accepted += count;
          continue;
        }
        uint64_t out = 0;
        for (int i = 0; i < w; i++) out |= (uint64_t)cs[i + 1] << (4 * i);
        table_add(&next, out, count);
      }
    }
    memset(cur.keys, 0, (cur.mask + 1) * sizeof(uint64_t));
    cur.size = 0;
    Table swap = cur;
    cur = next;
    next = swap;
    if (cur.size > peak) peak = cur.size;
  }
  printf("%llu %zu %.3f\n", (unsigned long long)accepted, peak,
         (double)(clock() - began) / CLOCKS_PER_SEC);
  return 0;
}
