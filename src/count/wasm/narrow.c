/*
 * The narrow row sweep in WebAssembly: src/count/frontier-narrow.ts's transitions, state for
 * state, with the layer and the next layer's table in this module's memory. Built by
 * `npm run build:wasm` into src/count/narrow-wasm.ts; driven one cell at a time by
 * src/count/frontier-wasm.ts, which hands the layer to the JavaScript sweep when a table would
 * pass the memory ceiling (spilling to disk and threads are the JavaScript sweep's).
 *
 * A working state is 4-bit slot codes in one 64-bit word (slot i at bits 4i..; windows of at
 * most 13 slots, so slot 15 is free for the stored key's used bit). A stored entry is the key
 * with bit 63 set, then its count: the same 16 bytes, little-endian, as the JavaScript tables'
 * four words (frontier-narrow.ts), so a layer moves between the two by copying.
 *
 * Counts add modulo 2^64 (prime 0, overflow recorded) or modulo a prime below 2^52.
 *
 * The table: open addressing, linear probing, power-of-two capacity. Additions are staged in
 * buckets by hash, a bucket per region of the table, and a full bucket is applied at once, so
 * its additions hit the few cache lines and pages of one region (layer-table.ts's LayerTable
 * does the same; WebAssembly has no prefetch).
 */
typedef unsigned int u32;
typedef int i32;
typedef unsigned long long u64;
typedef unsigned char u8;

#define GONE 0
#define FREE 1
#define USED (1ULL << 63)
#define MAX_EARLIER 16
#define MAX_SUBSETS 160
#define MAX_LEAVE 32
#define MAX_MIRROR_BYTES 8
#define PAGE 65536u
/* A table is grown past this load (numerator over 8). */
#define LOAD_EIGHTHS 5
#define REGION_BYTES (256u << 10)
#define STAGED_ADDITIONS (1u << 20)
#define MOST_BATCH 8192u
#define LEAST_BATCH 64u

/* What the glue writes: the plan, the mirror table, then a cell's parameters. */
static i32 W, PATH, TAIL, SECOND, META, MIRROR_COUNT;
static u64 CLOSED, PRIME;
u64 mirror[MAX_MIRROR_BYTES * 256];
/*
 * Cell parameters, in this order: k, subsets, leaving, last, foldHere, enter, oldestWrongEnd;
 * then eSlot, eRemaining, eCap (MAX_EARLIER each), subMask, subA, subB (MAX_SUBSETS each),
 * leaveSlot, leaveWrongEnd (MAX_LEAVE each).
 */
i32 cell_in[7 + 3 * MAX_EARLIER + 3 * MAX_SUBSETS + 2 * MAX_LEAVE];
/* Results of the last cell: states, input states, transitions, total, table bytes. */
double cell_out[5];

/* The tour count (the last cell adds to it) and whether a sum passed 2^64. */
static u64 tally;
static i32 tally_overflow, table_overflow;

extern u8 __heap_base;
/* Memory: [staging][layer][table]; the layer is dense entries at layer_at. */
static u32 stage_at, stage_bytes, layer_at, layer_states, ceiling;
static u64 *table;
static u32 cap_log, table_size, table_limit;
static u32 buckets_log, batch;
static u32 *fill;
static u64 *staged;
static u32 homes[MOST_BATCH];
/* Where apply's touches go, so the compiler keeps them. */
static volatile u64 sink;

static inline u64 mix(u64 k) {
  k ^= k >> 31;
  k *= 0x9e3779b97f4a7c15ULL;
  return k ^ (k >> 29);
}

/* Make memory reach `end` bytes; 0 when that is past the ceiling or the host refuses. */
static i32 reach(u64 end) {
  if (end > ceiling) return 0;
  u32 have = __builtin_wasm_memory_size(0) * PAGE;
  if (end <= have) return 1;
  u32 pages = (u32)((end - have + PAGE - 1) / PAGE);
  return __builtin_wasm_memory_grow(0, pages) != (unsigned long)-1;
}

static inline u64 add_count(u64 a, u64 b, i32 *overflow) {
  if (PRIME == 0) {
    u64 sum = a + b;
    if (sum < a) *overflow = 1;
    return sum;
  }
  u64 sum = a + b;
  return sum >= PRIME ? sum - PRIME : sum;
}

/* The plan; 0 when the memory ceiling leaves no room for the staging area. */
i32 setup(i32 w, i32 path, i32 tail, i32 second, i32 meta, i32 mirror_count, u32 closed_lo,
          u32 closed_hi, u32 prime_lo, u32 prime_hi, u32 ceiling_bytes) {
  W = w;
  PATH = path;
  TAIL = tail;
  SECOND = second;
  META = meta;
  MIRROR_COUNT = mirror_count;
  CLOSED = (u64)closed_hi << 32 | closed_lo;
  PRIME = (u64)prime_hi << 32 | prime_lo;
  ceiling = ceiling_bytes;
  tally = 0;
  tally_overflow = table_overflow = 0;
  stage_at = ((u32)(unsigned long)&__heap_base + 63) & ~63u;
  stage_bytes = STAGED_ADDITIONS * 16 + 4096 * 4;
  layer_at = stage_at + stage_bytes;
  layer_states = 0;
  return reach(layer_at);
}

/* Room for a layer of `states` entries at layer_at (the glue copies it in); its address. */
u32 layer_room(u32 states) {
  if (!reach((u64)layer_at + (u64)states * 16)) return 0;
  layer_states = states;
  return layer_at;
}

u32 layer_address(void) { return layer_at; }
u32 layer_size(void) { return layer_states; }
u64 tally_value(void) { return tally; }
i32 overflowed(void) { return table_overflow; }
i32 tally_overflowed(void) { return tally_overflow; }

static void insert(u64 key, u64 count);

/* Double the table in place: rehash into fresh memory after it, then move it down. */
static i32 grow(void) {
  u32 old_cap = 1u << cap_log;
  u64 *old = table;
  u64 fresh_at = (u64)(unsigned long)table + (u64)old_cap * 16;
  if (!reach(fresh_at + (u64)old_cap * 32)) return 0;
  table = (u64 *)(unsigned long)fresh_at;
  __builtin_memset(table, 0, (unsigned long)old_cap * 32);
  cap_log++;
  table_limit = (u32)(((u64)1 << cap_log) * LOAD_EIGHTHS / 8);
  table_size = 0;
  for (u32 s = 0; s < old_cap; s++)
    if (old[2 * s]) insert(old[2 * s], old[2 * s + 1]);
  __builtin_memmove(old, table, (unsigned long)old_cap * 32);
  table = old;
  return 1;
}

static i32 full;

/*
 * A table that cannot double under the ceiling fills on to TIGHT_EIGHTHS (longer probes, only
 * near the peak) before the cell is handed to JavaScript.
 */
#define TIGHT_EIGHTHS 7
static void crowd(void) {
  u32 most = (u32)(((u64)1 << cap_log) * TIGHT_EIGHTHS / 8);
  if (table_limit < most) table_limit = most;
  else full = 1;
}

static inline void insert_at(u32 s, u64 key, u64 count) {
  u32 mask = (1u << cap_log) - 1;
  for (;;) {
    u64 here = table[2 * s];
    if (here == key) {
      table[2 * s + 1] = add_count(table[2 * s + 1], count, &table_overflow);
      return;
    }
    if (here == 0) {
      table[2 * s] = key;
      table[2 * s + 1] = count;
      if (++table_size > table_limit && !grow()) crowd();
      return;
    }
    s = (s + 1) & mask;
  }
}

static void insert(u64 key, u64 count) { insert_at((u32)(mix(key) >> (64 - cap_log)), key, count); }

/* Apply a bucket's n staged additions: every home slot touched first, so the misses overlap. */
static void apply(u64 *q, u32 n) {
  u32 shift = 64 - cap_log;
  u64 touch = 0;
  for (u32 j = 0; j < n; j++) {
    u32 home = (u32)(mix(q[2 * j]) >> shift);
    homes[j] = home;
    touch ^= table[2 * home];
  }
  sink = touch;
  for (u32 j = 0; j < n && !full; j++) {
    if (cap_log != 64 - shift) {
      insert(q[2 * j], q[2 * j + 1]);
      continue;
    }
    insert_at(homes[j], q[2 * j], q[2 * j + 1]);
  }
}

static inline void stage(u64 key, u64 count) {
  u32 b = buckets_log ? (u32)(mix(key) >> (64 - buckets_log)) : 0;
  u32 n = fill[b];
  u64 *q = staged + 2 * ((u64)b * batch);
  q[2 * n] = key;
  q[2 * n + 1] = count;
  if (++n == batch) {
    apply(q, n);
    n = 0;
  }
  fill[b] = n;
}

static void flush(void) {
  for (u32 b = 0; b < (1u << buckets_log) && !full; b++) {
    if (fill[b]) apply(staged + 2 * ((u64)b * batch), fill[b]);
    fill[b] = 0;
  }
}

/* A table for about `hint` states after the layer; 0 when it does not fit. */
static i32 open_table(double hint) {
  u32 log = 6;
  while (log < 31 && (double)(1u << log) * LOAD_EIGHTHS / 8 < hint) log++;
  u64 at = ((u64)layer_at + (u64)layer_states * 16 + 63) & ~63ULL;
  /* Under the ceiling, the largest table that fits: the hint is an estimate, and a table that
   * fills past its tight load hands the cell to JavaScript anyway. */
  while (!reach(at + ((u64)16 << log))) {
    if (log == 6) return 0;
    log--;
  }
  table = (u64 *)(unsigned long)at;
  cap_log = log;
  table_size = 0;
  table_limit = (u32)(((u64)1 << log) * LOAD_EIGHTHS / 8);
  __builtin_memset(table, 0, (unsigned long)16 << log);
  u32 regions = (u32)(((u64)16 << log) / REGION_BYTES);
  buckets_log = 0;
  while ((1u << buckets_log) < regions && buckets_log < 12) buckets_log++;
  batch = STAGED_ADDITIONS >> buckets_log;
  if (batch > MOST_BATCH) batch = MOST_BATCH;
  if (batch < LEAST_BATCH) batch = LEAST_BATCH;
  fill = (u32 *)(unsigned long)stage_at;
  staged = (u64 *)(unsigned long)(stage_at + 4096 * 4);
  __builtin_memset(fill, 0, 4096 * 4);
  return 1;
}

#define F(s, i) ((i32)(((s) >> ((u32)(i) << 2)) & 15))
#define CLR(s, i) ((s) &= ~(15ULL << ((u32)(i) << 2)))
#define SETF(s, i, v) ((s) = ((s) & ~(15ULL << ((u32)(i) << 2))) | ((u64)(v) << ((u32)(i) << 2)))

static i32 broken;

/* Slot of the mate of the path end at slot i (code `code`) in s. */
static inline i32 mate(u64 s, i32 i, i32 code) {
  if (code > SECOND) return i + code - SECOND;
  for (i32 j = i - 1; j >= 0; j--)
    if (F(s, j) == SECOND + i - j) return j;
  broken = 1;
  return 0;
}

/*
 * Sweep the cell whose parameters are in cell_in over the layer, into a table for about `hint`
 * states (at the last cell: into the tally), then make the table the layer. Returns 1 done,
 * 0 out of room (the layer is as it was: the glue takes it and goes on in JavaScript), -1 a
 * broken invariant.
 */
i32 cell(double hint) {
  const i32 k = cell_in[0], subsets = cell_in[1], leaving = cell_in[2], last = cell_in[3];
  const i32 fold_here = cell_in[4], enter = cell_in[5], oldest_wrong = cell_in[6];
  const i32 *e_slot = cell_in + 7, *e_rem = e_slot + MAX_EARLIER, *e_cap = e_rem + MAX_EARLIER;
  const i32 *sub_mask = e_cap + MAX_EARLIER, *sub_a = sub_mask + MAX_SUBSETS;
  const i32 *sub_b = sub_a + MAX_SUBSETS, *leave_slot = sub_b + MAX_SUBSETS;
  const i32 *leave_wrong = leave_slot + MAX_LEAVE;
  const u32 w4 = (u32)W << 2;
  const u64 *in = (const u64 *)(unsigned long)layer_at;
  double total = 0, transitions = 0;
  full = broken = 0;
  if (!last && !open_table(hint)) return 0;
  for (u32 e = 0; e < layer_states && !full && !broken; e++) {
    u64 s = in[2 * e] & ~USED;
    const u64 count = in[2 * e + 1];
    const i32 ends_in = (i32)((s >> w4) & 3);
    s = (s & ~(15ULL << w4)) | ((u64)enter << w4);
    total += (double)count;

    /* Earlier neighbours that can take v's edge, and those that must. */
    i32 must = 0, able = 0;
    const i32 free_need = PATH && ends_in < 2 ? 1 : 2;
    for (i32 j = 0; j < k; j++) {
      const i32 code = F(s, e_slot[j]);
      if (code == FREE) {
        able |= 1 << j;
        if (e_rem[j] < (e_cap[j] == 1 ? 1 : free_need)) must |= 1 << j;
      } else if (code != GONE) {
        if (e_cap[j] == 2) able |= 1 << j;
        if (!PATH && e_rem[j] == 0) must |= 1 << j;
      }
    }
    if (must & ~able) continue;

    for (i32 sub = 0; sub < subsets; sub++) {
      const i32 chosen = sub_mask[sub];
      if ((chosen & must) != must || (chosen & ~able)) continue;
      const i32 sa = sub_a[sub], sb = sub_b[sub];
      i32 ends_out = ends_in, complete = 0;
      u64 c = s;
      transitions++;
      if (sb >= 0) {
        CLR(c, W);
        const i32 ca = F(s, sa), cb = F(s, sb);
        const i32 end_a = ca == FREE ? sa : ca == TAIL ? -1 : mate(s, sa, ca);
        if (end_a == sb) {
          /* Closing a cycle: only the very last cell may, and only in cycle mode. */
          if (PATH || !last) continue;
          CLR(c, sa);
          CLR(c, sb);
          complete = 1;
        } else {
          const i32 end_b = cb == FREE ? sb : cb == TAIL ? -1 : mate(s, sb, cb);
          if (ca != FREE) CLR(c, sa);
          if (cb != FREE) CLR(c, sb);
          if (end_a < 0 && end_b < 0) {
            if (!last) continue;
            complete = 1;
          } else if (end_a < 0 || end_b < 0) {
            /* One piece holds a tour end: the other's far end becomes a TAIL. */
            SETF(c, end_a < 0 ? end_b : end_a, TAIL);
          } else {
            const i32 x = end_a < end_b ? end_a : end_b, y = end_a < end_b ? end_b : end_a;
            SETF(c, x, SECOND + y - x);
            SETF(c, y, SECOND);
          }
        }
      } else if (sa >= 0) {
        const i32 ca = F(s, sa);
        const i32 far = ca == FREE ? sa : ca == TAIL ? -1 : mate(s, sa, ca);
        if (ca != FREE) CLR(c, sa);
        if (far < 0) {
          SETF(c, W, TAIL);
        } else if (far > 0) {
          SETF(c, far, SECOND + W - far);
          SETF(c, W, SECOND);
        } else {
          /* The far end is the oldest slot, which leaves now: in a path, a tour end. */
          if (!PATH || ++ends_out > 2 || oldest_wrong) continue;
          c &= ~15ULL;
          SETF(c, W, TAIL);
        }
      }
      /* Cells whose last neighbour was v leave the frontier now. */
      i32 ok = 1;
      for (i32 l = 0; l < leaving; l++) {
        const i32 sl = leave_slot[l];
        const i32 code = F(c, sl);
        if (code == GONE) continue;
        if (code == FREE || !PATH || ++ends_out > 2 || leave_wrong[l]) {
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
          SETF(c, mate(c, sl, code), TAIL);
        }
        CLR(c, sl);
      }
      if (!ok) continue;
      if (ends_out == 2 && ends_in < 2) {
        /* Both tour ends fixed just now: a free earlier neighbour then needs two more edges. */
        i32 starved = 0;
        for (i32 j = 0; j < k; j++)
          if (F(c, e_slot[j]) == FREE && e_rem[j] < (e_cap[j] == 1 ? 1 : 2)) starved = 1;
        if (starved) continue;
      }
      if (last) {
        if (complete && (!PATH || ends_out == 2) && c == 0)
          tally = add_count(tally, count, &tally_overflow);
        continue;
      }
      if (c & 15) {
        broken = 1;
        break;
      }
      /* The next key: the window shifted by one field, the ends fixed where slot w was. */
      u64 key = c >> 4;
      if (ends_out) key |= (u64)ends_out << META;
      if (fold_here) {
        /* At a row end: the state or its mirror image, whichever key is smaller. */
        if (c & CLOSED) {
          broken = 1;
          break;
        }
        u64 m = 0;
        for (i32 b = 0; b < MIRROR_COUNT; b++) m |= mirror[(b << 8) | (i32)((c >> (b << 3)) & 255)];
        if (ends_out) m |= (u64)ends_out << META;
        if (m < key) key = m;
      }
      stage(key | USED, count);
    }
  }
  if (broken) return -1;
  if (!last) flush();
  if (full) return 0;
  cell_out[1] = layer_states;
  cell_out[2] = transitions;
  cell_out[3] = total;
  if (!last) {
    /* The table becomes the layer: its entries packed from layer_at up (never past a read). */
    u64 *out = (u64 *)(unsigned long)layer_at;
    u32 n = 0, slots = 1u << cap_log;
    for (u32 s = 0; s < slots; s++) {
      if (!table[2 * s]) continue;
      out[2 * n] = table[2 * s];
      out[2 * n + 1] = table[2 * s + 1];
      n++;
    }
    cell_out[4] = (double)((u64)16 << cap_log);
    layer_states = n;
  } else {
    cell_out[4] = 0;
    layer_states = 0;
  }
  cell_out[0] = layer_states;
  return 1;
}
