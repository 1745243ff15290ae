/*
 * A plain C counter of the Hamiltonian cycles of an R×C knight graph that contain given moves:
 * the comparison peer of the census search (src/census/engine.ts), written the same way
 * (Knuth's Algorithm H: choose moves, mates, least slack first, sparse-set move lists, a
 * trail), counting only. It is compiled with gcc -O2 at bench time; no binary is kept.
 *
 *   census-count ROWS COLS A1 B1 A2 B2 ...     (forced moves as pairs of flat cells r*C+c)
 *   prints: tours nodes seconds (CPU seconds of the search, so a loaded machine does not skew them)
 *
 * Compiled with -DLEAN it also does what the JavaScript engine does beyond the plain algorithm
 * (same tree, node for node): mates restored on undo instead of trailed, a bitset of the open
 * cells for the choice, no deletion that must fail at a cell with no slack, and a saturated
 * cell's remaining moves hidden in one trail entry, each leaving only its far end's list.
 *
 * Compiled with -DWASM for WebAssembly (clang --target=wasm32 -nostdlib, no C library: see
 * bench/peers/census-wasm.js) it has no main: `run(rows, cols, pairs)` counts with the forced
 * moves written at `forced_moves()` and returns the tours.
 */
#ifdef WASM
typedef unsigned long size_t;
void *memcpy(void *to, const void *from, size_t k) {
  char *a = to;
  const char *b = from;
  while (k--) *a++ = *b++;
  return to;
}
void *memset(void *to, int c, size_t k) {
  char *a = to;
  while (k--) *a++ = (char)c;
  return to;
}
#else
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#endif

#define MAXN 256
#define MAXM 1024

static int n, m;
static int eu[MAXM], ev[MAXM];
static int off[MAXN + 1], list[2 * MAXM], epos[2 * MAXM];
static int edge_table[MAXN * MAXN];
static int avail[MAXN], deg[MAXN], mate[MAXN];
static int trail[MAXM + 6 * MAXN + 8];
static int top, taken;
static int forced[2 * MAXM + 4], forced_top;
static int lv_vertex[MAXM + 2], lv_mark[MAXM + 2], lv_try[MAXM + 2], lv_edge[MAXM + 2];
static long long tours, nodes;

enum { TAKEN = 1, MATE = 2, CUT = 2, SATURATED = 3 };
#ifdef LEAN
static unsigned open_bits[(MAXN + 31) / 32];
#endif

static void detach(int f, int x, int side) {
  int p = epos[2 * f + side];
  int last = off[x] + --avail[x];
  int g = list[last];
  list[p] = g;
  list[last] = f;
  epos[2 * f + side] = last;
  if (g != f) epos[2 * g + (eu[g] == x ? 0 : 1)] = p;
}

static void remove_edge(int f) {
  int u = eu[f], v = ev[f];
  detach(f, u, 0);
  detach(f, v, 1);
  trail[top++] = f << 2;
  if (avail[u] == 2 - deg[u]) forced[forced_top++] = u;
  if (avail[v] == 2 - deg[v]) forced[forced_top++] = v;
}

static void set_mate(int v, int w) {
#ifndef LEAN
  trail[top++] = mate[v];
  trail[top++] = (v << 2) | MATE;
#endif
  mate[v] = w;
}

static void undo(int mark) {
  while (top > mark) {
    int entry = trail[--top];
    int tag = entry & 3, x = entry >> 2;
#ifdef LEAN
    if (tag == CUT) {
      avail[x]++;
      continue;
    }
    if (tag == SATURATED) {
      avail[entry >> 6] = (entry >> 2) & 15;
      continue;
    }
#else
    if (tag == MATE) {
      mate[x] = trail[--top];
      continue;
    }
#endif
    int u = eu[x], v = ev[x];
    if (tag == TAKEN) {
#ifdef LEAN
      int a = deg[u] == 2 ? mate[u] : u, b = deg[v] == 2 ? mate[v] : v;
      mate[a] = u;
      mate[b] = v;
      open_bits[u >> 5] |= 1u << (u & 31);
      open_bits[v >> 5] |= 1u << (v & 31);
#endif
      deg[u]--;
      deg[v]--;
      taken--;
    }
    avail[u]++;
    avail[v]++;
  }
}

static int usable(int f) { return epos[2 * f] - off[eu[f]] < avail[eu[f]]; }

static int forbid(int f) {
  forced_top = 0;
  remove_edge(f);
  int u = eu[f], v = ev[f];
  return avail[u] >= 2 - deg[u] && avail[v] >= 2 - deg[v];
}

static int saturate(int v) {
#ifdef LEAN
  int k = avail[v];
  if (k == 0) return 1;
  trail[top++] = (((v << 4) | k) << 2) | SATURATED;
  avail[v] = 0;
  for (int i = off[v], end = off[v] + k; i < end; i++) {
    int f = list[i];
    int w = eu[f] ^ ev[f] ^ v;
    detach(f, w, eu[f] == w ? 0 : 1);
    trail[top++] = (w << 2) | CUT;
    if (avail[w] == 2 - deg[w]) forced[forced_top++] = w;
    else if (avail[w] < 2 - deg[w]) return 0;
  }
  return 1;
#endif
  while (avail[v] > 0) {
    int f = list[off[v]];
    remove_edge(f);
    int w = eu[f] ^ ev[f] ^ v;
    if (avail[w] < 2 - deg[w]) return 0;
  }
  return 1;
}

static int take(int f) {
  forced_top = 0;
  int u = eu[f], v = ev[f];
  detach(f, u, 0);
  detach(f, v, 1);
  deg[u]++;
  deg[v]++;
#ifdef LEAN
  if (deg[u] == 2) open_bits[u >> 5] &= ~(1u << (u & 31));
  if (deg[v] == 2) open_bits[v >> 5] &= ~(1u << (v & 31));
#endif
  taken++;
  trail[top++] = (f << 2) | TAKEN;
  int a = mate[u], b = mate[v];
  set_mate(a, b);
  set_mate(b, a);
  if (taken == n - 1) {
    int close = edge_table[a * n + b];
    if (close < 0 || !usable(close)) return 0;
    tours++;
    return 2;
  }
  if (deg[u] == 2 && !saturate(u)) return 0;
  if (deg[v] == 2 && !saturate(v)) return 0;
  int e = edge_table[a * n + b];
  if (e >= 0 && usable(e)) {
    remove_edge(e);
    if (avail[a] < 2 - deg[a] || avail[b] < 2 - deg[b]) return 0;
  }
  return 1;
}

static int choose(void) {
  int best = -1, best_avail = 0x7fffffff;
  for (int i = 0; i < forced_top; i++) {
    int x = forced[i], d = deg[x], a = avail[x];
    if (d < 2 && a == 2 - d && a > 0 && (a < best_avail || (a == best_avail && x < best))) {
      best = x;
      best_avail = a;
    }
  }
  forced_top = 0;
  if (best >= 0) return best;
  int best_key = 0x7fffffff;
#ifdef LEAN
  for (int w = 0; w < (n + 31) / 32; w++) {
    for (unsigned bits = open_bits[w]; bits != 0; bits &= bits - 1) {
      int x = (w << 5) | __builtin_ctz(bits);
      int d = deg[x], a = avail[x];
      int key = (a - 2 + d) * 0x10000 + a;
      if (key < best_key) {
        best_key = key;
        best = x;
        if (key <= 0x10001) return best;
      }
    }
  }
  return best;
#endif
  for (int x = 0; x < n; x++) {
    int d = deg[x];
    if (d == 2) continue;
    int a = avail[x];
    int key = (a - 2 + d) * 0x10000 + a;
    if (key < best_key) {
      best_key = key;
      best = x;
      if (key <= 0x10001) break;
    }
  }
  return best;
}

static int pick(int v) {
  int best = -1, best_key = 0x7fffffff;
  for (int i = off[v], stop = off[v] + avail[v]; i < stop; i++) {
    int f = list[i];
    int w = eu[f] ^ ev[f] ^ v;
    int key = avail[w] * 0x100000 + f;
    if (key < best_key) {
      best_key = key;
      best = f;
    }
  }
  return best;
}

static void search(void) {
  int L = 0, descend = 1;
  for (;;) {
    if (descend) {
      nodes++;
      int v = choose();
      lv_vertex[L] = v;
      lv_mark[L] = top;
      int e = pick(v);
      lv_edge[L] = e;
      lv_try[L] = top;
      L++;
      if (take(e) == 1) continue;
      descend = 0;
    }
    if (L == 0) return;
    int l = L - 1, v = lv_vertex[l];
    undo(lv_try[l]);
#ifdef LEAN
    if (avail[v] <= 2 - deg[v] || !forbid(lv_edge[l]) || avail[v] < 2 - deg[v]) {
#else
    if (!forbid(lv_edge[l]) || avail[v] < 2 - deg[v]) {
#endif
      undo(lv_mark[l]);
      L--;
      continue;
    }
    int e = pick(v);
    lv_edge[l] = e;
    lv_try[l] = top;
    if (take(e) == 1) descend = 1;
  }
}

/* The knight graph of a rows × cols board, its move lists and edge table; every cell open. */
static void build_graph(int rows, int cols) {
  n = rows * cols;
  static const int dr[8] = {2, 1, -1, -2, -2, -1, 1, 2}, dc[8] = {1, 2, 2, 1, -1, -2, -2, -1};
  for (int u = 0; u < n; u++)
    for (int d = 0; d < 8; d++) {
      int r = u / cols + dr[d], c = u % cols + dc[d];
      if (r < 0 || r >= rows || c < 0 || c >= cols) continue;
      int v = r * cols + c;
      if (u < v) {
        eu[m] = u;
        ev[m] = v;
        m++;
      }
    }
  for (int f = 0; f < m; f++) {
    off[eu[f] + 1]++;
    off[ev[f] + 1]++;
  }
  for (int v = 0; v < n; v++) off[v + 1] += off[v];
  int fill[MAXN];
  memcpy(fill, off, sizeof(int) * n);
  for (int f = 0; f < m; f++) {
    int pu = fill[eu[f]]++, pv = fill[ev[f]]++;
    list[pu] = f;
    list[pv] = f;
    epos[2 * f] = pu;
    epos[2 * f + 1] = pv;
  }
  for (int i = 0; i < n * n; i++) edge_table[i] = -1;
  for (int f = 0; f < m; f++) edge_table[eu[f] * n + ev[f]] = edge_table[ev[f] * n + eu[f]] = f;
  for (int v = 0; v < n; v++) {
    avail[v] = off[v + 1] - off[v];
    mate[v] = v;
#ifdef LEAN
    open_bits[v >> 5] |= 1u << (v & 31);
#endif
  }
}

/* Take the forced moves (pairs of cells) and search; false when they cannot all be taken. */
static int count_with(const int *pairs, int k) {
  for (int i = 0; i + 1 < k; i += 2) {
    int f = edge_table[pairs[i] * n + pairs[i + 1]];
    if (f < 0 || !usable(f) || take(f) != 1) return 0;
  }
  search();
  return 1;
}

#ifdef WASM
static int forced_in[2 * MAXN];
int *forced_moves(void) { return forced_in; }
long long run(int rows, int cols, int pairs) {
  build_graph(rows, cols);
  count_with(forced_in, 2 * pairs);
  return tours;
}
#else
int main(int argc, char **argv) {
  if (argc < 3 || (argc - 3) % 2 != 0) {
    fprintf(stderr, "usage: %s ROWS COLS [A B]...\n", argv[0]);
    return 2;
  }
  build_graph(atoi(argv[1]), atoi(argv[2]));
  int pairs[2 * MAXN], k = 0;
  for (int i = 3; i < argc && k < 2 * MAXN; i++) pairs[k++] = atoi(argv[i]);
  struct timespec t0, t1;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
  count_with(pairs, k);
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
  double s = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
  printf("%lld %lld %.3f\n", tours, nodes, s);
  return 0;
}
#endif
