/*
 * The census search in C for WebAssembly: the same algorithm as CensusEngine
 * (src/census/engine.ts), its statistics included — Knuth's Algorithm H: choose moves, mates,
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
 * `count(pairs, stats)`, which returns the tours (−1 when the imported `poll(nodes, tours)`,
 * asked every 4096 nodes, said stop); `nodes()` and `found()` are those of the last count,
 * stopped or not. With `stats` (after `load_stats`) every tour's 16 values go into `tally`, and
 * a tour that brings a value not seen before calls the imported `fresh()`.
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

/* The statistics (engine.ts: "Statistics ride along"), kept when `count` is asked for them. */
#define MAXCROSS (8 * MAXM)
#define MAXTALLY (1 << 18)
#define STATE 9
#define NO_WEDGE 64
#define STAT_COUNT 16
static int keep_stats;
/* Per move: direction, shoelace term, the two tarnish counters it raises; its crossings as
 * words of a bitset over the moves (cross_word, cross_mask from cross_at[f]). */
static int dir[MAXM], term[MAXM], tarnish1[MAXM], tarnish2[MAXM];
static int cross_at[MAXM + 1], cross_word[MAXCROSS], cross_mask[MAXCROSS], span;
/* Per pair of directions d1 * 8 + d2 (NO_WEDGE: none): what its wedge adds to the three
 * packed angle words, and its letter as a bit. Offsets of the 16 histograms in `tally`. */
static int angle_unit[3 * (NO_WEDGE + 1)], pair_letter[NO_WEDGE + 1], tally_at[STAT_COUNT];
static int tally_size, tarnish_cells;
static unsigned char link_dir[2 * MAXN], wedge_of[2 * (MAXN + 1)];
static int taken_moves[MAXN + 1], area[MAXN], level[STATE * (MAXN + 1)], applied;
static int chosen_bits[MAXM / 32 + 1], crossed_bits[MAXM / 32 + 1];
static int saved_crossed[8 * (MAXN + 1)], tarnish[MAXN + 2 * MAXM];
static double tally[MAXTALLY];
/* Entries of `tally` a tour may have written since it was last cleared. */
static int tally_dirty;
static int values[STAT_COUNT], close_a, close_b;
static int stats_in[8 * MAXM + 2 * MAXCROSS + 4 * (NO_WEDGE + 1) + STAT_COUNT + 8];

/* A tour brought a value not seen before in this count: `values`, the moves taken and the
 * closing ends are readable (witnesses). */
__attribute__((import_module("env"), import_name("fresh"))) extern void fresh(void);

int *stats_at(void) { return stats_in; }
double *tally_out(void) { return tally; }
int *values_out(void) { return values; }
int *taken_out(void) { return taken_moves; }
int closing_a(void) { return close_a; }
int closing_b(void) { return close_b; }

static int bit_count(unsigned x) { return __builtin_popcount(x); }

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

/* Take back the shares of the moves undone, the last first (the level sums need nothing). */
static void drop_shares(void) {
  for (int i = applied - 1; i >= taken; i--) {
    int f = taken_moves[i];
    chosen_bits[f >> 5] &= ~(1 << (f & 31));
    for (int j = cross_at[f], k = span * i; j < cross_at[f + 1]; j++) crossed_bits[cross_word[j]] = saved_crossed[k++];
    tarnish[tarnish1[f]]--;
    tarnish[tarnish2[f]]--;
  }
  applied = taken;
}

/* Bring the statistics up to the moves taken: share i reads level i and writes level i + 1. */
static void sync(void) {
  int i = applied, *l = level + STATE * i;
  int crossings = l[0], unintersected = l[1], squares = l[2], letters = l[3];
  int angle01 = l[4], angle23 = l[5], angle45 = l[6], slope01 = l[7], slope23 = l[8];
  for (; i < taken; i++) {
    int f = taken_moves[i];
    int alone = (~crossed_bits[f >> 5] >> (f & 31)) & 1;
    for (int j = cross_at[f], k = span * i; j < cross_at[f + 1]; j++) {
      int w = cross_word[j], mask = cross_mask[j], was = crossed_bits[w];
      saved_crossed[k++] = was;
      int met = mask & chosen_bits[w];
      crossings += bit_count(met);
      alone -= bit_count(met & ~was);
      crossed_bits[w] = was | mask;
    }
    chosen_bits[f >> 5] |= 1 << (f & 31);
    unintersected += alone;
    int slope = dir[f] & 3, unit = 1 << ((slope & 1) << 4);
    if (slope < 2) slope01 += unit;
    else slope23 += unit;
    int p = tarnish1[f], q = tarnish2[f];
    squares += 2 * (tarnish[p] + tarnish[q]) + 2;
    tarnish[p]++;
    tarnish[q]++;
    int pu = wedge_of[2 * i], pv = wedge_of[2 * i + 1];
    angle01 += angle_unit[3 * pu] + angle_unit[3 * pv];
    angle23 += angle_unit[3 * pu + 1] + angle_unit[3 * pv + 1];
    angle45 += angle_unit[3 * pu + 2] + angle_unit[3 * pv + 2];
    letters |= pair_letter[pu] | pair_letter[pv];
    l += STATE;
    l[0] = crossings;
    l[1] = unintersected;
    l[2] = squares;
    l[3] = letters;
    l[4] = angle01;
    l[5] = angle23;
    l[6] = angle45;
    l[7] = slope01;
    l[8] = slope23;
  }
  applied = taken;
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
      if (keep_stats) {
        /* Each old sum is its path walked the other way (or 0 for a lone cell). */
        area[a] = a == u ? 0 : -area[u];
        area[b] = b == v ? 0 : -area[v];
      }
      open_bits[u >> 5] |= 1u << (u & 31);
      open_bits[v >> 5] |= 1u << (v & 31);
      deg[u]--;
      deg[v]--;
      taken--;
    }
    avail[u]++;
    avail[v]++;
  }
  if (taken < applied) drop_shares();
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

/* A tour: the path a…b closed by move `close`; its values into the histograms. */
static void tour(int close, int a, int b) {
  sync();
  int *l = level + STATE * applied;
  int forward = a == eu[close], d = dir[close], da = forward ? d : d ^ 4;
  close_a = a;
  close_b = b;
  int pa = link_dir[2 * a] * 8 + da, pb = link_dir[2 * b] * 8 + (da ^ 4);
  int angle01 = l[4] + angle_unit[3 * pa] + angle_unit[3 * pb];
  int angle23 = l[5] + angle_unit[3 * pa + 1] + angle_unit[3 * pb + 1];
  int angle45 = l[6] + angle_unit[3 * pa + 2] + angle_unit[3 * pb + 2];
  int a0 = angle01 & 0xffff, a1 = (unsigned)angle01 >> 16, a2 = angle23 & 0xffff;
  int a3 = (unsigned)angle23 >> 16, a4 = angle45 & 0xffff, a5 = (unsigned)angle45 >> 16;
  int crossings = l[0], alone = l[1] + ((~crossed_bits[close >> 5] >> (close & 31)) & 1);
  for (int j = cross_at[close]; j < cross_at[close + 1]; j++) {
    int w = cross_word[j], met = cross_mask[j] & chosen_bits[w];
    crossings += bit_count(met);
    alone -= bit_count(met & ~crossed_bits[w]);
  }
  int twice = forward ? area[b] - term[close] : area[b] + term[close];
  int slope = d & 3, unit = 1 << ((slope & 1) << 4);
  int slope01 = l[7] + (slope < 2 ? unit : 0), slope23 = l[8] + (slope < 2 ? 0 : unit);
  int s0 = slope01 & 0xffff, s1 = (unsigned)slope01 >> 16, s2 = slope23 & 0xffff;
  int s3 = (unsigned)slope23 >> 16;
  int hi = s0 > s1 ? s0 : s1, hi2 = s2 > s3 ? s2 : s3, lo = s0 < s1 ? s0 : s1, lo2 = s2 < s3 ? s2 : s3;
  values[0] = a0 + a1;
  values[1] = a3 + a4 + a5;
  values[2] = a2 + a5;
  values[3] = a0;
  values[4] = a1;
  values[5] = a2;
  values[6] = a3;
  values[7] = a4;
  values[8] = a5;
  values[9] = crossings;
  values[10] = alone;
  values[11] = twice < 0 ? -twice : twice;
  values[12] = hi > hi2 ? hi : hi2;
  values[13] = lo < lo2 ? lo : lo2;
  values[14] = l[2] + 2 * (tarnish[tarnish1[close]] + tarnish[tarnish2[close]]) + 2;
  values[15] = bit_count(l[3] | pair_letter[pa] | pair_letter[pb]);
  int is_new = 0;
  if (tally_dirty < tally_size) tally_dirty = tally_size;
  for (int k = 0; k < STAT_COUNT; k++) is_new |= tally[tally_at[k] + values[k]]++ == 0;
  if (is_new) fresh();
}

/* Take move f: 0 at a contradiction, 1 to search on, 2 at a tour (counted). */
static int take(int f) {
  forced_top = 0;
  int u = eu[f], v = ev[f];
  detach(f, u, 0);
  detach(f, v, 1);
  if (keep_stats) {
    /* u is the move's eu end: its direction leaves u. A cell with one move gets its second:
     * the share adds that cell's wedge. */
    int d = dir[f];
    link_dir[2 * u + deg[u]] = d;
    link_dir[2 * v + deg[v]] = d ^ 4;
    taken_moves[taken] = f;
    wedge_of[2 * taken] = deg[u] == 1 ? link_dir[2 * u] * 8 + d : NO_WEDGE;
    wedge_of[2 * taken + 1] = deg[v] == 1 ? link_dir[2 * v] * 8 + (d ^ 4) : NO_WEDGE;
  }
  if (++deg[u] == 2) open_bits[u >> 5] &= ~(1u << (u & 31));
  if (++deg[v] == 2) open_bits[v >> 5] &= ~(1u << (v & 31));
  taken++;
  trail[top++] = (f << 2) | TAKEN;
  int a = mate[u], b = mate[v];
  mate[a] = b;
  mate[b] = a;
  if (keep_stats) {
    /* The path a…u–v…b, walked from a to b. */
    int sum = area[u] + term[f] + area[b];
    area[a] = -sum;
    area[b] = sum;
  }
  if (taken == n - 1) {
    int close = edge_table[a * n + b];
    if (close < 0 || !usable(close)) return 0;
    tours++;
    if (keep_stats) tour(close, a, b);
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

/* Each cell's moves in move order in `list` (from off), and each move's places there. */
static void build_lists(void) {
  int fill[MAXN];
  for (int v = 0; v < n; v++) fill[v] = off[v];
  for (int f = 0; f < m; f++) {
    int pu = fill[eu[f]]++, pv = fill[ev[f]]++;
    list[pu] = f;
    list[pv] = f;
    epos[2 * f] = pu;
    epos[2 * f + 1] = pv;
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
  build_lists();
  for (int i = 0; i < n * n; i++) edge_table[i] = -1;
  for (int f = 0; f < m; f++) edge_table[eu[f] * n + ev[f]] = edge_table[ev[f] * n + eu[f]] = f;
  return 1;
}

/*
 * The statistics' tables of the loaded board, from stats_in: per move dir, term, tarnish1,
 * tarnish2 (m each), cross_at (m + 1), cross_word and cross_mask (words each); angle_unit
 * (3 · 65), pair_letter (65), tally_at (16). 0 when they do not fit.
 */
int load_stats(int words, int crossing_span, int counters, int tally_length) {
  if (words > MAXCROSS || crossing_span > 8 || counters > MAXN + 2 * MAXM) return 0;
  if (tally_length > MAXTALLY) return 0;
  int *in = stats_in;
  for (int f = 0; f < m; f++) dir[f] = *in++;
  for (int f = 0; f < m; f++) term[f] = *in++;
  for (int f = 0; f < m; f++) tarnish1[f] = *in++;
  for (int f = 0; f < m; f++) tarnish2[f] = *in++;
  for (int f = 0; f <= m; f++) cross_at[f] = *in++;
  for (int j = 0; j < words; j++) cross_word[j] = *in++;
  for (int j = 0; j < words; j++) cross_mask[j] = *in++;
  for (int i = 0; i < 3 * (NO_WEDGE + 1); i++) angle_unit[i] = *in++;
  for (int i = 0; i <= NO_WEDGE; i++) pair_letter[i] = *in++;
  for (int k = 0; k < STAT_COUNT; k++) tally_at[k] = *in++;
  span = crossing_span;
  tarnish_cells = counters;
  tally_size = tally_length;
  return 1;
}

/* Count the tours through the forced moves (pairs cell pairs at pairs_in), with the
 * statistics into `tally` when `stats` (load_stats first). */
double count(int pairs, int stats) {
  keep_stats = stats;
  if (stats) {
    /* Only a tour writes the tally: a leaper's census runs mostly subproblems with none. */
    memset(tally, 0, sizeof(double) * tally_dirty);
    tally_dirty = 0;
    memset(tarnish, 0, sizeof(int) * tarnish_cells);
    memset(chosen_bits, 0, sizeof chosen_bits);
    memset(crossed_bits, 0, sizeof crossed_bits);
    memset(level, 0, sizeof(int) * STATE);
    memset(area, 0, sizeof area);
    applied = 0;
  }
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
  build_lists();
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
