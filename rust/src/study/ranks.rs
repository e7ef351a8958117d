//! Rank-pattern tables of five-card high hands, for the board walks and the Omaha keep.
//!
//! The non-flush value of five cards depends only on their ranks. `pair_triple[t * 91 + p]`
//! is the value of the rank triple `t` with the rank pair `p` (`pair_index`), -1 where a rank
//! would show five times; `multiset_index` numbers every multiset of five ranks by the sum of
//! their [`RANK_ADD`] constants; `flush5` gives the flush or straight flush of five suited
//! ranks; `pair_best[board_index[n - 3][key] * 91 + pair]` is the best non-flush value of a
//! hole rank pair with exactly three of the `n` board ranks of `key`. Built in memory on first
//! use (a few milliseconds); nothing is written anywhere.

use std::sync::OnceLock;

/// Per-rank constants whose sums over any five ranks (at most four of a rank) are all
/// distinct: a five-rank multiset gets a key under 400,000 by addition alone.
pub const RANK_ADD: [i32; 13] = [
    0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415,
];
/// Keys of up to five ranks: `0..KEYS`.
pub const KEYS: usize = 5 * 79415 + 1;
/// Five-rank multisets with at most four of a rank.
pub const SLOTS: usize = 6175;
const PAIRS: usize = 91;
const TRIPLES: usize = 455;

/// The tables (see the module docs).
pub struct FiveCardTables {
    pub pair_index: [u8; 169],
    pub triple_index: Vec<i16>,
    pub pair_triple: Vec<i32>,
    pub multiset_index: Vec<i16>,
    pub flush5: Vec<i32>,
    pub board_index: Vec<i16>, // 3 x KEYS
    pub pair_best: Vec<i32>,
}

static TABLES: OnceLock<FiveCardTables> = OnceLock::new();

/// The tables, built on first use.
pub fn five_card_tables() -> &'static FiveCardTables {
    TABLES.get_or_init(build)
}

/// The highest rank of the best straight in a 13-bit rank mask, or -1.
#[inline]
pub fn straight_top(mask: u32) -> i32 {
    for top in (4..=12).rev() {
        let window = 0b11111u32 << (top - 4);
        if mask & window == window {
            return top;
        }
    }
    if mask & 0b1_0000_0000_1111 == 0b1_0000_0000_1111 {
        return 3;
    }
    -1
}

/// The `count` highest ranks of `mask` as nibbles, the first at bit `shift`.
#[inline]
pub fn top_ranks(mask: u32, mut count: u32, mut shift: i32) -> i64 {
    let mut value = 0i64;
    for r in (0..13).rev() {
        if count == 0 {
            break;
        }
        if mask >> r & 1 != 0 {
            value |= (r as i64) << shift;
            shift -= 4;
            count -= 1;
        }
    }
    value
}

/// The best flush or straight flush among the ranks of one suit (five or more bits).
#[inline]
pub fn flush_value(mask: u32) -> i64 {
    let top = straight_top(mask);
    if top >= 0 {
        return 8 << 20 | (top as i64) << 16;
    }
    5 << 20 | top_ranks(mask, 5, 16)
}

/// The best non-flush five-card value from per-rank counts (index 0 = deuce).
pub fn value_from_counts(counts: &[u8; 13]) -> i64 {
    let mut mask = 0u32;
    let (mut quad, mut trip1, mut trip2, mut pair1, mut pair2) =
        (-1i64, -1i64, -1i64, -1i64, -1i64);
    for r in (0..13).rev() {
        let c = counts[r];
        if c == 0 {
            continue;
        }
        mask |= 1 << r;
        let r = r as i64;
        if c >= 4 {
            if quad < 0 {
                quad = r;
            }
        } else if c == 3 {
            if trip1 < 0 {
                trip1 = r;
            } else if trip2 < 0 {
                trip2 = r;
            }
        } else if c == 2 {
            if pair1 < 0 {
                pair1 = r;
            } else if pair2 < 0 {
                pair2 = r;
            }
        }
    }
    if quad >= 0 {
        let rest = mask & !(1 << quad);
        let kicker = (0..13).rev().find(|r| rest >> r & 1 != 0).unwrap_or(0) as i64;
        return 7 << 20 | quad << 16 | kicker << 12;
    }
    if trip1 >= 0 && (trip2 >= 0 || pair1 >= 0) {
        return 6 << 20 | trip1 << 16 | trip2.max(pair1) << 12;
    }
    let top = straight_top(mask);
    if top >= 0 {
        return 4 << 20 | (top as i64) << 16;
    }
    if trip1 >= 0 {
        return 3 << 20 | trip1 << 16 | top_ranks(mask & !(1 << trip1), 2, 12);
    }
    if pair2 >= 0 {
        let rest = mask & !(1 << pair1) & !(1 << pair2);
        return 2 << 20 | pair1 << 16 | pair2 << 12 | top_ranks(rest, 1, 8);
    }
    if pair1 >= 0 {
        return 1 << 20 | pair1 << 16 | top_ranks(mask & !(1 << pair1), 3, 12);
    }
    top_ranks(mask, 5, 16)
}

/// Every multiset of `k` (0 to 5) ranks in increasing order, at most four of a rank (the
/// order of Python's `combinations_with_replacement`), made once.
pub fn rank_multisets(k: usize) -> &'static [[u8; 5]] {
    static MULTISETS: [OnceLock<Vec<[u8; 5]>>; 6] = [const { OnceLock::new() }; 6];
    MULTISETS[k.min(5)].get_or_init(|| multisets_of(k.min(5)))
}

fn multisets_of(k: usize) -> Vec<[u8; 5]> {
    fn go(k: usize, from: u8, cur: &mut Vec<u8>, out: &mut Vec<[u8; 5]>) {
        if cur.len() == k {
            let mut row = [0u8; 5];
            row[..k].copy_from_slice(cur);
            if (0..13u8).all(|r| cur.iter().filter(|&&x| x == r).count() <= 4) {
                out.push(row);
            }
            return;
        }
        for r in from..13 {
            cur.push(r);
            go(k, r, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    go(k, 0, &mut Vec::with_capacity(5), &mut out);
    out
}

fn key_of(ranks: &[u8]) -> usize {
    ranks.iter().map(|&r| RANK_ADD[r as usize] as usize).sum()
}

fn counts_of(ranks: &[u8]) -> [u8; 13] {
    let mut counts = [0u8; 13];
    for &r in ranks {
        counts[r as usize] += 1;
    }
    counts
}

fn build() -> FiveCardTables {
    let pairs = rank_multisets(2);
    let triples = rank_multisets(3);
    let mut pair_index = [0u8; 169];
    for (i, p) in pairs.iter().enumerate() {
        pair_index[p[0] as usize * 13 + p[1] as usize] = i as u8;
        pair_index[p[1] as usize * 13 + p[0] as usize] = i as u8;
    }
    let mut triple_index = vec![-1i16; 2197];
    for (i, t) in triples.iter().enumerate() {
        let (a, b, c) = (t[0] as usize, t[1] as usize, t[2] as usize);
        for (x, y, z) in [
            (a, b, c),
            (a, c, b),
            (b, a, c),
            (b, c, a),
            (c, a, b),
            (c, b, a),
        ] {
            triple_index[x * 169 + y * 13 + z] = i as i16;
        }
    }
    let mut multiset_index = vec![-1i16; KEYS];
    let mut values = Vec::with_capacity(SLOTS);
    for &five in rank_multisets(5) {
        multiset_index[key_of(&five)] = values.len() as i16;
        values.push(value_from_counts(&counts_of(&five)) as i32);
    }
    let mut pair_triple = vec![-1i32; TRIPLES * PAIRS];
    for (t, triple) in triples.iter().enumerate() {
        for (p, pair) in pairs.iter().enumerate() {
            let five = [triple[0], triple[1], triple[2], pair[0], pair[1]];
            if counts_of(&five).iter().all(|&c| c <= 4) {
                pair_triple[t * PAIRS + p] = values[multiset_index[key_of(&five)] as usize];
            }
        }
    }
    let flush5 = (0..8192u32)
        .map(|m| {
            if m.count_ones() == 5 {
                flush_value(m) as i32
            } else {
                -1
            }
        })
        .collect();
    let mut board_index = vec![-1i16; 3 * KEYS];
    let mut pair_best = Vec::with_capacity(8450 * PAIRS);
    let mut row = 0usize;
    for n in 3..=5usize {
        for ranks in rank_multisets(n).iter() {
            board_index[(n - 3) * KEYS + key_of(&ranks[..n])] = row as i16;
            let mut best = [-1i32; PAIRS];
            for a in 0..n - 2 {
                for b in a + 1..n - 1 {
                    for c in b + 1..n {
                        let t = triple_index
                            [ranks[a] as usize * 169 + ranks[b] as usize * 13 + ranks[c] as usize]
                            as usize;
                        for (pair, slot) in best.iter_mut().enumerate() {
                            *slot = (*slot).max(pair_triple[t * PAIRS + pair]);
                        }
                    }
                }
            }
            pair_best.extend_from_slice(&best);
            row += 1;
        }
    }
    FiveCardTables {
        pair_index,
        triple_index,
        pair_triple,
        multiset_index,
        flush5,
        board_index,
        pair_best,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_have_their_sizes() {
        let t = five_card_tables();
        assert_eq!(rank_multisets(5).len(), SLOTS);
        assert_eq!(t.pair_best.len(), 8450 * PAIRS);
        assert_eq!(t.multiset_index.iter().filter(|&&x| x >= 0).count(), SLOTS);
        // a royal flush, a wheel, four aces with a king
        assert_eq!(t.flush5[0b1_1111_0000_0000], 8 << 20 | 12 << 16);
        assert_eq!(flush_value(0b1_0000_0000_1111), 8 << 20 | 3 << 16);
        let mut c = [0u8; 13];
        c[12] = 4;
        c[11] = 1;
        assert_eq!(value_from_counts(&c), 7 << 20 | 12 << 16 | 11 << 12);
    }
}
