//! The lookup tables every evaluator reads, built once on first use ([`tables`]).
//!
//! - **Rank keys.** [`RANK_KEY`] are per-rank constants whose sums over up to seven ranks (at
//!   most four of a rank) never collide (SKPokerEval's constants). `card_key[c]` is the card's
//!   rank constant, plus `1 << 23` (the card count sits in bits 23-26), plus a 4-bit suit count
//!   at bit `32 + 4 * suit`: one addition per card keys the rank multiset and counts the suits.
//! - **A perfect hash** of every multiset of 0 to 7 ranks (76,155) to an index below 2**17
//!   ([`Tables::ph_index`]: a multiply, then row displacement). Per index: `high_nf` (1 + the ordinal, in `ord_value`, of the best
//!   non-flush high value of 5-7 ranks), `deuce_seven_nf` and `a5` (five ranks), `board_row`
//!   (3-5 ranks: the row of `omaha_nf`).
//! - **Omaha.** `omaha_nf[row * 91 + pair]`: for a multiset of 3-5 board ranks and a pair of
//!   hole ranks, 1 + the ordinal (`ord_value[ordinal]` is the value) of the best non-flush hand
//!   of that pair with exactly three of the board's ranks, 0 where there is none; `pair52[a][b]`
//!   is the rank pair (0-90) of two cards (256 x 256 entries, so that two `u8` cards index it
//!   without a check: the 52 lines read are 3 KB).
//! - **Flushes and bit tricks** on 13-bit rank masks: `flush_best` (best flush or straight flush
//!   of 5+ ranks, -1 below five), `deuce_seven_flush` (five ranks), `straight_top`, `hibit`,
//!   `popcount`, `top2` / `top3` (masks of the two / three highest ranks), `pack2` / `pack3` /
//!   `pack5` (the highest ranks as nibbles); `windows[top]`: the straight topped by `top`.
//! - **Badugi.** `nibble_low` / `nibble_high`: a card's bit in a word of 13 rank nibbles of suit
//!   flags (aces low / high); `badugi4` / `badugi5`: the aces-low value of every four- / five-card
//!   hand at the colex rank `a + C(b, 2) + C(c, 3) + ...` of its sorted cards (`binom[k][c]` is
//!   `C(c, k)`); `suit_bit` / `suit_bit_low`: a card's bit in a 52-bit word of four 13-bit suit
//!   masks, aces high / low.
//!
//! Tables indexed by a card have 256 entries (any `u8` indexes them without a bounds check);
//! tables indexed by a hash or a mask have a power-of-two length the index is masked to.

use std::sync::OnceLock;

/// Per-rank constants (deuce first) whose sums over up to seven ranks never collide.
pub const RANK_KEY: [u64; 13] = [
    0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262_349, 636_345, 1_479_181,
];
/// Each card adds `1 << COUNT_SHIFT` to its key: the key knows how many cards it sums.
pub const COUNT_SHIFT: u32 = 23;
/// Suit counts (4 bits each) start at this bit of a key.
pub const SUIT_SHIFT: u32 = 32;
/// The rank part of a key.
pub const RANK_PART: u64 = (1 << SUIT_SHIFT) - 1;
/// The perfect hash knows multisets of up to this many ranks.
pub const MAX_KEYED: usize = 7;
pub const FULL13: u32 = 0x1FFF;
pub const WHEEL: u32 = 0b1_0000_0000_1111;
/// A, 5, 4, 3, 2 as rank nibbles (aces high): 2-7's reading of the wheel.
pub const WHEEL_RANKS: i32 = 12 << 16 | 3 << 12 | 2 << 8 | 1 << 4;

pub const PH_MUL: u64 = 0xD6E8_FEB8_6659_FD93;
pub const PH_ROW_SHIFT: u32 = 40;
pub const PH_ROWS: usize = 1 << 13;
pub const PH_COLUMN_SHIFT: u32 = 20;
pub const PH_SIZE: usize = 1 << 17;
pub const MASKS: usize = 1 << 13;
pub const COMBOS4: usize = 270_725;
pub const COMBOS5: usize = 2_598_960;
/// `omaha_nf`'s length: a power of two above 8,450 board multisets times 91 pairs.
pub const OMAHA_SIZE: usize = 1 << 20;
/// `badugi4`'s length: a power of two above C(52, 4) (an index is masked to it).
pub const BADUGI4_SIZE: usize = 1 << 19;
/// `badugi5`'s length: a power of two above C(52, 5).
pub const BADUGI5_SIZE: usize = 1 << 22;

/// Every table; from [`tables`].
pub struct Tables {
    pub card_key: [u64; 256],
    pub rank_bit: [u32; 256],
    pub suit_bit: [u64; 256],
    pub suit_bit_low: [u64; 256],
    pub nibble_low: [u64; 256],
    pub nibble_high: [u64; 256],
    pub binom: [[u32; 64]; 6],
    pub pair52: Box<[[u8; 256]; 256]>,
    pub windows: [u32; 16],
    pub flush_best: Box<[i32; MASKS]>,
    pub deuce_seven_flush: Box<[i32; MASKS]>,
    pub straight_top: Box<[i8; MASKS]>,
    pub hibit: Box<[i8; MASKS]>,
    pub popcount: Box<[u8; MASKS]>,
    pub top2: Box<[u32; MASKS]>,
    pub top3: Box<[u32; MASKS]>,
    pub pack2: Box<[i32; MASKS]>,
    pub pack3: Box<[i32; MASKS]>,
    pub pack5: Box<[i32; MASKS]>,
    pub ph_offset: Box<[u32; PH_ROWS]>,
    /// The distinct non-flush five-card high values, ascending; index 0 is a sentinel
    /// (`ord_value[1 + ordinal]`), so that 1 + ordinal entries read it directly.
    pub ord_value: Box<[i32; 1 << 16]>,
    /// 1 + the ordinal of the best non-flush hand (`ord_value` reads its value): 16 bits an
    /// entry keep the table in a core's cache.
    pub high_nf: Big<u16, PH_SIZE>,
    pub deuce_seven_nf: Big<i32, PH_SIZE>,
    pub a5: Big<i32, PH_SIZE>,
    pub board_row: Big<u16, PH_SIZE>,
    pub omaha_nf: Big<u16, OMAHA_SIZE>,
    pub badugi4: Big<u16, BADUGI4_SIZE>,
    pub badugi5: Big<u16, BADUGI5_SIZE>,
}

static TABLES: OnceLock<Tables> = OnceLock::new();

/// The tables, built on the first call (tens of milliseconds), then shared.
pub fn tables() -> &'static Tables {
    TABLES.get_or_init(build)
}

/// A zeroed boxed array, allocated on the heap directly (no stack copy of a big array).
fn zeroed<T: Copy + Default, const N: usize>() -> Box<[T; N]> {
    vec![T::default(); N]
        .into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!("the vector has N entries"))
}

/// Integers: every bit pattern, all zeros included, is a valid value.
///
/// # Safety
/// Implement only for types whose all-zero bit pattern is a valid value.
pub unsafe trait Zeroable: Copy {}
// SAFETY: plain integers are valid for every bit pattern.
unsafe impl Zeroable for u16 {}
// SAFETY: as above.
unsafe impl Zeroable for i32 {}
// SAFETY: as above.
unsafe impl Zeroable for u32 {}

/// Huge pages are 2 MB: big tables start on one and ask the kernel for them.
const HUGE: usize = 2 << 20;

/// A big zeroed array on the heap, in huge pages where the kernel gives them (Linux's
/// `madvise(MADV_HUGEPAGE)`): random reads into a table of megabytes then miss the TLB far less
/// (as numpy's own big arrays do). Owns its memory like a `Box`.
pub struct Big<T: Zeroable, const N: usize> {
    ptr: std::ptr::NonNull<[T; N]>,
}

// SAFETY: `Big` owns its array exclusively (like `Box<[T; N]>`), so it is Send / Sync when the
// elements are.
unsafe impl<T: Zeroable + Send, const N: usize> Send for Big<T, N> {}
// SAFETY: as above; shared access only hands out `&[T; N]`.
unsafe impl<T: Zeroable + Sync, const N: usize> Sync for Big<T, N> {}

impl<T: Zeroable, const N: usize> Big<T, N> {
    fn layout() -> std::alloc::Layout {
        let size = std::mem::size_of::<[T; N]>();
        let align = if size >= HUGE {
            HUGE
        } else {
            std::mem::align_of::<T>().max(64)
        };
        std::alloc::Layout::from_size_align(size, align).expect("a table's layout")
    }

    /// The zeroed array.
    pub fn zeroed() -> Self {
        let layout = Self::layout();
        // SAFETY: the layout's size is not zero (every table has entries).
        let raw = unsafe { std::alloc::alloc(layout) };
        let Some(ptr) = std::ptr::NonNull::new(raw) else {
            std::alloc::handle_alloc_error(layout)
        };
        #[cfg(target_os = "linux")]
        if layout.size() >= HUGE {
            // SAFETY: the range is the allocation just made (its start is 2 MB aligned); the
            // advice only changes how the kernel backs it; a failure leaves plain pages.
            unsafe { libc::madvise(raw.cast(), layout.size(), libc::MADV_HUGEPAGE) };
        }
        // SAFETY: `raw` is valid for `layout.size()` bytes, and zeros are a valid `[T; N]`
        // (`T: Zeroable`), so the array is initialized before anyone reads it.
        unsafe { std::ptr::write_bytes(raw, 0, layout.size()) };
        Big { ptr: ptr.cast() }
    }
}

impl<T: Zeroable, const N: usize> std::ops::Deref for Big<T, N> {
    type Target = [T; N];
    fn deref(&self) -> &[T; N] {
        // SAFETY: `ptr` points to an initialized array this value owns.
        unsafe { self.ptr.as_ref() }
    }
}

impl<T: Zeroable, const N: usize> std::ops::DerefMut for Big<T, N> {
    fn deref_mut(&mut self) -> &mut [T; N] {
        // SAFETY: as for `deref`, and `&mut self` makes the access exclusive.
        unsafe { self.ptr.as_mut() }
    }
}

impl<T: Zeroable, const N: usize> Drop for Big<T, N> {
    fn drop(&mut self) {
        // SAFETY: allocated in `zeroed` with this very layout.
        unsafe { std::alloc::dealloc(self.ptr.as_ptr().cast(), Self::layout()) }
    }
}

/// Row and column of a key under a multiplicative hash.
#[inline(always)]
fn hash_parts(
    key: u64,
    mul: u64,
    row_shift: u32,
    rows: usize,
    column_shift: u32,
    size: usize,
) -> (usize, usize) {
    let h = (key & RANK_PART).wrapping_mul(mul);
    (
        ((h >> row_shift) as usize) & (rows - 1),
        ((h >> column_shift) as usize) & (size - 1),
    )
}

impl Tables {
    /// Index below 2**17 of a rank key (a sum of `card_key` entries; the suit bits are
    /// ignored): a multiply, then the row displacement stored in `ph_offset`.
    #[inline(always)]
    pub fn ph_index(&self, key: u64) -> usize {
        let (row, column) =
            hash_parts(key, PH_MUL, PH_ROW_SHIFT, PH_ROWS, PH_COLUMN_SHIFT, PH_SIZE);
        (column + self.ph_offset[row] as usize) & (PH_SIZE - 1)
    }

    /// Best non-flush high value from rank planes: `mk` has the ranks seen `k`+ times.
    #[inline]
    pub fn nf_from_planes(&self, m1: u32, m2: u32, m3: u32, m4: u32) -> i32 {
        let hibit = |m: u32| i32::from(self.hibit[m as usize & (MASKS - 1)]);
        if m4 != 0 {
            let quad = hibit(m4);
            return 7 << 20 | quad << 16 | hibit(m1 ^ (1 << quad)) << 12;
        }
        let mut trips = -1;
        if m3 != 0 {
            trips = hibit(m3);
            let rest = m2 ^ (1 << trips);
            if rest != 0 {
                return 6 << 20 | trips << 16 | hibit(rest) << 12;
            }
        }
        let top = i32::from(self.straight_top[m1 as usize & (MASKS - 1)]);
        if top >= 0 {
            return 4 << 20 | top << 16;
        }
        if trips >= 0 {
            return 3 << 20
                | trips << 16
                | self.pack2[(m1 ^ (1 << trips)) as usize & (MASKS - 1)] << 8;
        }
        if m2 != 0 {
            let high = hibit(m2);
            let rest = m2 ^ (1 << high);
            if rest != 0 {
                let low = hibit(rest);
                let kicker = hibit(m1 ^ (1 << high) ^ (1 << low)).max(0);
                return 2 << 20 | high << 16 | low << 12 | kicker << 8;
            }
            return 1 << 20
                | high << 16
                | self.pack3[(m1 ^ (1 << high)) as usize & (MASKS - 1)] << 4;
        }
        self.pack5[m1 as usize & (MASKS - 1)]
    }
}

/// Badugi value (`count << 13 | (0x1FFF - ranks)`) of a word of 13 rank nibbles of suit flags,
/// lowest rank first: ranks are taken lowest first while a matching to distinct suits exists;
/// `states` is the 16-bit set of the suit sets such matchings can use.
#[inline]
pub fn badugi_from_nibbles(mut word: u64) -> i32 {
    let mut states: u32 = 1;
    let mut chosen: u32 = 0;
    let mut count = 0;
    let mut r = 0;
    while word != 0 && count < 4 {
        let f = (word & 15) as u32;
        if f != 0 {
            let grown = grow(states, f & 1 != 0, f & 2 != 0, f & 4 != 0, f & 8 != 0);
            if grown != 0 {
                states = grown;
                chosen |= 1 << r;
                count += 1;
            }
        }
        word >>= 4;
        r += 1;
    }
    count << 13 | (FULL13 - chosen) as i32
}

/// The suit sets a matching can use once one more rank, held in the suits flagged, is added.
#[inline(always)]
pub fn grow(states: u32, s0: bool, s1: bool, s2: bool, s3: bool) -> u32 {
    let all = |b: bool| 0u32.wrapping_sub(u32::from(b));
    (((states & 0x5555) << 1) & all(s0))
        | (((states & 0x3333) << 2) & all(s1))
        | (((states & 0x0F0F) << 4) & all(s2))
        | (((states & 0x00FF) << 8) & all(s3))
}

// --- building -----------------------------------------------------------------------------

fn build() -> Tables {
    let mut t = Tables {
        card_key: [0; 256],
        rank_bit: [0; 256],
        suit_bit: [0; 256],
        suit_bit_low: [0; 256],
        nibble_low: [0; 256],
        nibble_high: [0; 256],
        binom: [[0; 64]; 6],
        pair52: vec![[0; 256]; 256]
            .into_boxed_slice()
            .try_into()
            .unwrap_or_else(|_| unreachable!("256 rows")),
        windows: [0; 16],
        flush_best: zeroed(),
        deuce_seven_flush: zeroed(),
        straight_top: zeroed(),
        hibit: zeroed(),
        popcount: zeroed(),
        top2: zeroed(),
        top3: zeroed(),
        pack2: zeroed(),
        pack3: zeroed(),
        pack5: zeroed(),
        ph_offset: zeroed(),
        ord_value: zeroed(),
        high_nf: Big::zeroed(),
        deuce_seven_nf: Big::zeroed(),
        a5: Big::zeroed(),
        board_row: Big::zeroed(),
        omaha_nf: Big::zeroed(),
        badugi4: Big::zeroed(),
        badugi5: Big::zeroed(),
    };
    mask_tables(&mut t);
    card_tables(&mut t);
    rank_tables(&mut t);
    badugi_tables(&mut t);
    t
}

fn mask_tables(t: &mut Tables) {
    t.windows[3] = WHEEL;
    for top in 4..13 {
        t.windows[top] = 0b11111 << (top - 4);
    }
    for m in 0..MASKS as u32 {
        let i = m as usize;
        t.popcount[i] = m.count_ones() as u8;
        t.hibit[i] = if m == 0 {
            -1
        } else {
            (31 - m.leading_zeros()) as i8
        };
        let mut top = -1i8;
        for w in (3..13).rev() {
            if m & t.windows[w] == t.windows[w] {
                top = w as i8;
                break;
            }
        }
        t.straight_top[i] = top;
        let ranks: Vec<i32> = (0..13).rev().filter(|r| m >> r & 1 == 1).collect();
        let pack = |k: usize| -> i32 {
            (0..k).fold(0, |v, j| v << 4 | ranks.get(j).copied().unwrap_or(0))
        };
        let bits = |k: usize| -> u32 { ranks.iter().take(k).fold(0, |v, &r| v | 1 << r) };
        t.pack2[i] = pack(2);
        t.pack3[i] = pack(3);
        t.pack5[i] = pack(5);
        t.top2[i] = bits(2);
        t.top3[i] = bits(3);
        let flush = if top >= 0 {
            8 << 20 | i32::from(top) << 16
        } else {
            5 << 20 | pack(5)
        };
        t.flush_best[i] = if ranks.len() >= 5 { flush } else { -1 };
        let deuce_seven = if top == 3 {
            5 << 20 | WHEEL_RANKS
        } else {
            flush
        };
        t.deuce_seven_flush[i] = if ranks.len() == 5 { -deuce_seven } else { 0 };
    }
}

#[allow(clippy::needless_range_loop)] // the builders index by the formulas
fn card_tables(t: &mut Tables) {
    for c in 0..52usize {
        let (rank, suit) = (c >> 2, c & 3);
        let low = (rank + 1) % 13; // the ace becomes rank 0
        t.card_key[c] =
            RANK_KEY[rank] + (1 << COUNT_SHIFT) + (1 << (SUIT_SHIFT as usize + 4 * suit));
        t.rank_bit[c] = 1 << rank;
        t.suit_bit[c] = 1 << (13 * suit + rank);
        t.suit_bit_low[c] = 1 << (13 * suit + low);
        t.nibble_low[c] = 1 << (4 * low + suit);
        t.nibble_high[c] = 1 << (4 * rank + suit);
    }
    for k in 0..6 {
        for c in 0..64u64 {
            t.binom[k][c as usize] = binomial(c, k as u64) as u32;
        }
    }
    let mut pair_index = [[0u8; 13]; 13];
    let mut q = 0;
    for a in 0..13 {
        for b in a..13 {
            pair_index[a][b] = q;
            pair_index[b][a] = q;
            q += 1;
        }
    }
    for a in 0..52 {
        for b in 0..52 {
            t.pair52[a][b] = pair_index[a >> 2][b >> 2];
        }
    }
}

fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |v, i| v * (n - i) / (i + 1))
}

/// Every multiset of 0..=limit ranks (at most four of a rank), as rank counts.
fn multisets(limit: u32) -> Vec<[u8; 13]> {
    let mut out = Vec::with_capacity(80_000);
    let mut counts = [0u8; 13];
    let mut size = 0;
    loop {
        out.push(counts);
        let mut r = 0;
        while r < 13 {
            counts[r] += 1;
            size += 1;
            if counts[r] <= 4 && size <= limit {
                break;
            }
            size -= u32::from(counts[r]);
            counts[r] = 0;
            r += 1;
        }
        if r == 13 {
            return out;
        }
    }
}

/// Row offsets for a perfect hash of `keys`: key times `mul`, a row and a column from the
/// product's bits, the column moved by its row's offset; first fit, fullest rows first.
/// `None` when two keys share a row and a column (another multiplier is needed).
fn displace(
    keys: &[u64],
    mul: u64,
    row_shift: u32,
    rows: usize,
    column_shift: u32,
    size: usize,
) -> Option<Vec<u32>> {
    let mut per_row: Vec<Vec<usize>> = vec![Vec::new(); rows];
    for &key in keys {
        let (row, column) = hash_parts(key, mul, row_shift, rows, column_shift, size);
        per_row[row].push(column);
    }
    let mut order: Vec<usize> = (0..rows).collect();
    order.sort_by_key(|&r| std::cmp::Reverse(per_row[r].len())); // stable: ties by row
    let mut taken = vec![false; size];
    let mut offsets = vec![0u32; rows];
    for r in order {
        let row = &per_row[r];
        if row.is_empty() {
            break;
        }
        let mut offset = (r.wrapping_mul(0x9E37_79B1)) & (size - 1);
        let mut found = false;
        for _ in 0..size {
            if row.iter().all(|&c| !taken[(c + offset) & (size - 1)]) {
                found = true;
                break;
            }
            offset = (offset + 1) & (size - 1);
        }
        if !found {
            return None;
        }
        for &c in row {
            taken[(c + offset) & (size - 1)] = true;
        }
        offsets[r] = offset as u32;
    }
    Some(offsets)
}

/// A-5 value of five ranks given as counts (deuce first): negated, bigger wins.
fn a5_value(counts: &[u8; 13]) -> i32 {
    let mut value = 0;
    let mut groups = 0;
    let mut shape = 0;
    for count in (1..=4).rev() {
        for low in (0..13).rev() {
            // the ace is the lowest rank: low 0
            if counts[(low + 12) % 13] == count {
                value = value << 4 | low as i32;
                groups += 1;
                shape = shape * 10 + u32::from(count);
            }
        }
    }
    for _ in groups..5 {
        value <<= 4;
    }
    let category = match shape {
        11111 => 0,
        2111 => 1,
        221 => 2,
        311 => 3,
        32 => 4,
        _ => 5,
    };
    -(category << 20 | value)
}

fn planes(counts: &[u8; 13]) -> (u32, u32, u32, u32) {
    let (mut m1, mut m2, mut m3, mut m4) = (0, 0, 0, 0);
    for (r, &c) in counts.iter().enumerate() {
        m1 |= u32::from(c >= 1) << r;
        m2 |= u32::from(c >= 2) << r;
        m3 |= u32::from(c >= 3) << r;
        m4 |= u32::from(c >= 4) << r;
    }
    (m1, m2, m3, m4)
}

fn rank_tables(t: &mut Tables) {
    let rows = multisets(MAX_KEYED as u32);
    let keys: Vec<u64> = rows
        .iter()
        .map(|counts| {
            let size: u64 = counts.iter().map(|&c| u64::from(c)).sum();
            counts
                .iter()
                .zip(RANK_KEY)
                .map(|(&c, k)| u64::from(c) * k)
                .sum::<u64>()
                + (size << COUNT_SHIFT)
        })
        .collect();
    let offsets = displace(
        &keys,
        PH_MUL,
        PH_ROW_SHIFT,
        PH_ROWS,
        PH_COLUMN_SHIFT,
        PH_SIZE,
    )
    .expect("the rank-key hash collides: pick another PH_MUL");
    t.ph_offset.copy_from_slice(&offsets);
    let index: Vec<usize> = keys.iter().map(|&k| t.ph_index(k)).collect();
    let sizes: Vec<u32> = rows
        .iter()
        .map(|c| c.iter().map(|&x| u32::from(x)).sum())
        .collect();
    let mut ordinals_of_five: Vec<i32> = Vec::with_capacity(6175);
    let mut nf = vec![0i32; PH_SIZE]; // the best non-flush value, by hash index
    for (i, counts) in rows.iter().enumerate() {
        if sizes[i] < 5 {
            continue;
        }
        let (m1, m2, m3, m4) = planes(counts);
        let value = t.nf_from_planes(m1, m2, m3, m4);
        nf[index[i]] = value;
        if sizes[i] == 5 {
            ordinals_of_five.push(value);
            let low = if value >> 20 == 4 && (value >> 16) & 15 == 3 {
                WHEEL_RANKS
            } else {
                value
            };
            t.deuce_seven_nf[index[i]] = -low;
            t.a5[index[i]] = a5_value(counts);
        }
    }
    ordinals_of_five.sort_unstable();
    ordinals_of_five.dedup();
    t.ord_value[1..=ordinals_of_five.len()].copy_from_slice(&ordinals_of_five);
    // 1 + the ordinal of each five-rank multiset, by hash index.
    let mut ord5 = vec![0u16; PH_SIZE];
    for (i, &size) in sizes.iter().enumerate() {
        if size >= 5 {
            let ordinal = ordinals_of_five
                .binary_search(&nf[index[i]])
                .unwrap_or_else(|_| unreachable!("5-7 ranks make one of the five-rank values"));
            t.high_nf[index[i]] = ordinal as u16 + 1;
            if size == 5 {
                ord5[index[i]] = ordinal as u16 + 1;
            }
        }
    }
    omaha_tables(t, &rows, &sizes, &index, &ord5);
}

#[allow(clippy::needless_range_loop)] // the builders index by the formulas
fn omaha_tables(t: &mut Tables, rows: &[[u8; 13]], sizes: &[u32], index: &[usize], ord5: &[u16]) {
    let mut boards = 0u16; // 8,450 board multisets
    for (i, &size) in sizes.iter().enumerate() {
        if (3..=5).contains(&size) {
            t.board_row[index[i]] = boards;
            boards += 1;
        }
    }
    let mut pair_keys = [0u64; 91];
    let mut pair_same = [-1i32; 91]; // the rank of a pocket pair, else -1
    let mut q = 0;
    for a in 0..13 {
        for b in a..13 {
            pair_keys[q] = RANK_KEY[a] + RANK_KEY[b];
            if a == b {
                pair_same[q] = a as i32;
            }
            q += 1;
        }
    }
    for (i, counts) in rows.iter().enumerate() {
        let size = sizes[i] as usize;
        if !(3..=5).contains(&size) {
            continue;
        }
        let base = t.board_row[index[i]] as usize * 91;
        let mut ranks = [0usize; 5];
        let mut k = 0;
        for (r, &c) in counts.iter().enumerate() {
            for _ in 0..c {
                ranks[k] = r;
                k += 1;
            }
        }
        for x in 0..size - 2 {
            for y in x + 1..size - 1 {
                for z in y + 1..size {
                    let triple = RANK_KEY[ranks[x]] + RANK_KEY[ranks[y]] + RANK_KEY[ranks[z]];
                    let same = if ranks[x] == ranks[z] {
                        ranks[x] as i32
                    } else {
                        -2
                    };
                    for q in 0..91 {
                        if pair_same[q] == same {
                            continue; // five of one rank: no such hand
                        }
                        let key = triple + pair_keys[q] + (5 << COUNT_SHIFT);
                        let ordinal = ord5[t.ph_index(key)];
                        let slot = &mut t.omaha_nf[base + q];
                        *slot = (*slot).max(ordinal);
                    }
                }
            }
        }
    }
}

#[allow(clippy::needless_range_loop)] // the builders index by the formulas
fn badugi_tables(t: &mut Tables) {
    let b = t.binom;
    let nibble = t.nibble_low;
    for d in 3..52 {
        for c in 2..d {
            for bb in 1..c {
                let base = (b[2][bb] + b[3][c] + b[4][d]) as usize;
                let word3 = nibble[bb] | nibble[c] | nibble[d];
                for a in 0..bb {
                    t.badugi4[a + base] = badugi_from_nibbles(word3 | nibble[a]) as u16;
                }
            }
        }
    }
    let four = &t.badugi4;
    let five = &mut t.badugi5;
    for e in 4..52 {
        for d in 3..e {
            for c in 2..d {
                let cde = (b[2][c] + b[3][d] + b[4][e]) as usize;
                for bb in 1..c {
                    // The best of five cards is the best of one of its four-card hands.
                    let bcde = four[bb + cde];
                    let b_de = (b[2][bb] + b[3][d] + b[4][e]) as usize;
                    let bc_e = (b[2][bb] + b[3][c] + b[4][e]) as usize;
                    let bcd_ = (b[2][bb] + b[3][c] + b[4][d]) as usize;
                    let top = (b[2][bb] + b[3][c] + b[4][d] + b[5][e]) as usize;
                    for a in 0..bb {
                        let best = bcde.max(four[a + cde]).max(four[a + b_de]);
                        five[a + top] = best.max(four[a + bc_e]).max(four[a + bcd_]);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_keys_never_collide_and_the_hash_is_perfect() {
        let t = tables();
        let rows = multisets(7);
        assert_eq!(rows.len(), 76_155);
        let mut seen = vec![false; PH_SIZE];
        for counts in &rows {
            let size: u64 = counts.iter().map(|&c| u64::from(c)).sum();
            let key = counts
                .iter()
                .zip(RANK_KEY)
                .map(|(&c, k)| u64::from(c) * k)
                .sum::<u64>()
                + (size << COUNT_SHIFT);
            let i = t.ph_index(key);
            assert!(!seen[i], "two multisets share index {i}");
            seen[i] = true;
        }
    }

    #[test]
    fn there_are_6175_non_flush_five_card_values() {
        let t = tables();
        let n = t.ord_value.iter().skip(1).take_while(|&&v| v != 0).count();
        assert_eq!(n, 6175);
    }
}
