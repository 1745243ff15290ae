/*
 * The census search counting only, in C for WebAssembly: the same algorithm as CensusEngine
 * (src/census/engine.ts) with its statistics off — Knuth's Algorithm H: choose moves, mates,
 * least slack first, sparse-set move lists, a trail; a saturated cell's remaining moves hidden
 * in one trail entry, mates restored on undo — on the moves the engine numbers (any 8-move
 * leaper's board), so it visits the same tree node for node and reports the same `nodes`.
 *
 * Built by scripts/build-census-wasm.js (clang --target=wasm32 -O2 -nostdlib, no C library)
 * into src/census/search-wasm.ts, which the engine loads; V8 runs it at about 1.25× native
 * time, where the same search in JavaScript takes about 1.6× (bench/records/census.md).
 *
 * Protocol: the caller writes the moves (eu[f] < ev[f]) at `moves_at()`, two ints a move, and
 * calls `load(n, m)`; then writes forced moves (cell pairs) at `pairs_at()` and calls
 * `count(pairs)`, which returns the tours (−1 when the imported `poll(nodes, tours)`, asked every
 * 4096 nodes, said stop); `nodes()` and `found()` are those of the last count, stopped or not.
 */

#define MAXN 256
#define MAXM 1024

/* Every 4096 nodes, with the tours so far: nonzero stops the count (time limit, Ctrl-C). The
 * module's one import. */
__attribute__((import_module("env"), import_name("poll"))) extern int poll(double nodes,
                                                                           double tours);

/* No C library: the two functions clang may call for loops that fill or copy. */
void *memset(void *to, int c, unsigned long k) {
  char *a = to;
  while (k--) *a++ = (char)c;
  return to;
}
void *memcpy(void *to, const void *from, unsigned long k) {
  char *a = to;
  const char *b = from;
  while (k--) *a++ = *b++;
  return to;
}

static int n, m;
static int eu[MAXM], ev[MAXM];
static int off[MAXN + 1], list[2 * MAXM], epos[2 * MAXM];
static int edge_table[MAXN * MAXN];
static int avail[MAXN], deg[MAXN], mate[MAXN];
static unsigned open_bits[(MAXN + 31) / 32];
static int trail[MAXM + 6 * MAXN + 8];
static int top, taken;
static int forced[2 * MAXM + 4], forced_top;
static int lv_vertex[MAXM + 2], lv_mark[MAXM + 2], lv_try[MAXM + 2], lv_edge[MAXM + 2];
static double tours, node_count;
static int moves_in[2 * MAXM], pairs_in[2 * MAXN];

/* Trail entries by their two low bits. */
enum { REMOVED = 0, TAKEN = 1, CUT = 2, SATURATED = 3 };

int *moves_at(void) { return moves_in; }
int *pairs_at(void) { return pairs_in; }
double nodes(void) { return node_count; }
double found(void) { return tours; }
int max_cells(void) { return MAXN; }
int max_moves(void) { return MAXM; }

/* Move f's entry of cell x's list (side 0: x is eu[f]) behind x's usable ones. */
static void detach(int f, int x, int side) {
  int p = epos[2 * f + side];
  int last = off[x] + --avail[x];
  int g = list[last];
  list[p] = g;
  list[last] = f;
  epos[2 * f + side] = last;
  if (g != f) epos[2 * g + (eu[g] == x ? 0 : 1)] = p;
}

static void remove_move(int f) {
  int u = eu[f], v = ev[f];
  detach(f, u, 0);
  detach(f, v, 1);
  trail[top++] = (f << 2) | REMOVED;
  if (avail[u] == 2 - deg[u]) forced[forced_top++] = u;
  if (avail[v] == 2 - deg[v]) forced[forced_top++] = v;
}

static void undo(int mark) {
  while (top > mark) {
    int entry = trail[--top];
    int tag = entry & 3, x = entry >> 2;
    if (tag == CUT) {
      avail[x]++;
      continue;
    }
    if (tag == SATURATED) {
      avail[entry >> 6] = (entry >> 2) & 15;
      continue;
    }
    int u = eu[x], v = ev[x];
    if (tag == TAKEN) {
      /* The mates before the take: an end that was alone was its own mate; one that got its
       * second move still holds its old mate. */
      int a = deg[u] == 2 ? mate[u] : u, b = deg[v] == 2 ? mate[v] : v;
      mate[a] = u;
      mate[b] = v;
      open_bits[u >> 5] |= 1u << (u & 31);
      open_bits[v >> 5] |= 1u << (v & 31);
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
  remove_move(f);
  int u = eu[f], v = ev[f];
  return avail[u] >= 2 - deg[u] && avail[v] >= 2 - deg[v];
}

/* v has its two moves: hide the rest of its list (one entry), each leaving its far end's. */
static int saturate(int v) {
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
}

/* Take move f: 0 at a contradiction, 1 to search on, 2 at a tour (counted). */
static int take(int f) {
  forced_top = 0;
  int u = eu[f], v = ev[f];
  detach(f, u, 0);
  detach(f, v, 1);
  if (++deg[u] == 2) open_bits[u >> 5] &= ~(1u << (u & 31));
  if (++deg[v] == 2) open_bits[v >> 5] &= ~(1u << (v & 31));
  taken++;
  trail[top++] = (f << 2) | TAKEN;
  int a = mate[u], b = mate[v];
  mate[a] = b;
  mate[b] = a;
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
    remove_move(e);
    if (avail[a] < 2 - deg[a] || avail[b] < 2 - deg[b]) return 0;
  }
  return 1;
}

/* The cell to branch on: least slack, then fewest usable moves, then lowest index. */
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
  for (int w = 0; w < (n + 31) / 32; w++) {
    for (unsigned bits = open_bits[w]; bits != 0; bits &= bits - 1) {
      int x = (w << 5) | __builtin_ctz(bits);
      int key = (avail[x] - 2 + deg[x]) * 0x10000 + avail[x];
      if (key < best_key) {
        best_key = key;
        best = x;
        if (key <= 0x10001) return best;
      }
    }
  }
  return best;
}

/* The move of v to try next: towards the neighbour with fewest usable moves, then lowest id. */
static int pick(int v) {
  int best = -1, best_key = 0x7fffffff;
  for (int i = off[v], stop = off[v] + avail[v]; i < stop; i++) {
    int f = list[i];
    int key = avail[eu[f] ^ ev[f] ^ v] * 0x100000 + f;
    if (key < best_key) {
      best_key = key;
      best = f;
    }
  }
  return best;
}

/* Every tour below the moves taken; 0 when poll stopped it. */
static int search(void) {
  int L = 0, descend = 1;
  for (;;) {
    if (descend) {
      node_count++;
      if (((long long)node_count & 0xfff) == 0 && poll(node_count, tours)) return 0;
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
    if (L == 0) return 1;
    int l = L - 1, v = lv_vertex[l];
    undo(lv_try[l]);
    /* With no slack left at v, deleting the move just tried leaves v short. */
    if (avail[v] <= 2 - deg[v] || !forbid(lv_edge[l]) || avail[v] < 2 - deg[v]) {
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

/* The board: n cells, m moves from moves_in. 0 when it does not fit. */
int load(int cells, int moves) {
  if (cells > MAXN || moves > MAXM || cells < 1) return 0;
  n = cells;
  m = moves;
  memset(off, 0, sizeof off);
  for (int f = 0; f < m; f++) {
    eu[f] = moves_in[2 * f];
    ev[f] = moves_in[2 * f + 1];
    off[eu[f] + 1]++;
    off[ev[f] + 1]++;
  }
  for (int v = 0; v < n; v++) off[v + 1] += off[v];
  int fill[MAXN];
  for (int v = 0; v < n; v++) fill[v] = off[v];
  for (int f = 0; f < m; f++) {
    int pu = fill[eu[f]]++, pv = fill[ev[f]]++;
    list[pu] = f;
    list[pv] = f;
    epos[2 * f] = pu;
    epos[2 * f + 1] = pv;
  }
  for (int i = 0; i < n * n; i++) edge_table[i] = -1;
  for (int f = 0; f < m; f++) edge_table[eu[f] * n + ev[f]] = edge_table[ev[f] * n + eu[f]] = f;
  return 1;
}

/* Count the tours through the forced moves (pairs cell pairs at pairs_in). */
double count(int pairs) {
  top = 0;
  taken = 0;
  forced_top = 0;
  tours = 0;
  node_count = 0;
  memset(open_bits, 0, sizeof open_bits);
  for (int v = 0; v < n; v++) {
    avail[v] = off[v + 1] - off[v];
    deg[v] = 0;
    mate[v] = v;
    open_bits[v >> 5] |= 1u << (v & 31);
  }
  if (n < 3) return 0;
  for (int v = 0; v < n; v++)
    if (avail[v] < 2) return 0;
  /* The list order is restored by undo only as far as the trail goes: rebuild it. */
  for (int v = 0; v < n; v++) {
    int at = off[v];
    for (int f = 0; f < m; f++) {
      if (eu[f] == v) epos[2 * f] = at, list[at++] = f;
      else if (ev[f] == v) epos[2 * f + 1] = at, list[at++] = f;
    }
  }
  for (int i = 0; i < 2 * pairs; i += 2) {
    int a = pairs_in[i], b = pairs_in[i + 1];
    if (a < 0 || b < 0 || a >= n || b >= n) return 0;
    int f = edge_table[a * n + b];
    if (f < 0 || !usable(f)) return 0;
    int r = take(f);
    if (r == 2) return tours;
    if (r != 1) return 0;
  }
  if (!search()) return -1;
  return tours;
}
