//! The draw policies: the very cards `splitpot.equity.policy.choose_discard` throws, as a
//! mask of positions in the hand.
//!
//! A hand is in the order the Python path keeps it (the cards kept, then the replacements as
//! they were dealt), because the policy's choices among equal ranks follow that order. Each
//! award's keep picks the cards it keeps, exactly as the Python policy does.

use std::sync::OnceLock;

use super::ranks::FiveCardTables;
use super::spot::{Award, PAT};
// the codes of splitpot.games.spec.Keep, in declaration order
pub const KEEP_DRAW_HIGH: u8 = 0;
pub const KEEP_DEUCE_SEVEN: u8 = 1;
pub const KEEP_A5: u8 = 2;
pub const KEEP_BADUGI: u8 = 3;
pub const KEEP_OMAHA: u8 = 4;
pub const KEEP_ALL: u8 = 5;
const LOW_KEEPS: u32 = 1 << KEEP_DEUCE_SEVEN | 1 << KEEP_A5 | 1 << KEEP_BADUGI;

#[inline(always)]
fn rank(c: u8) -> u32 {
    (c >> 2) as u32
}

/// Positions of the two highest ranks; among equal ranks the earlier card first.
fn top_two(hand: &[u8]) -> u32 {
    let n = hand.len();
    let mut first = usize::MAX;
    for i in 0..n {
        if first == usize::MAX || rank(hand[i]) > rank(hand[first]) {
            first = i;
        }
    }
    let mut second = usize::MAX;
    for i in 0..n {
        if i != first && (second == usize::MAX || rank(hand[i]) > rank(hand[second])) {
            second = i;
        }
    }
    let mut mask = 1 << first;
    if second != usize::MAX {
        mask |= 1 << second;
    }
    mask
}

fn keep_draw_high(hand: &[u8]) -> u32 {
    let n = hand.len();
    let (mut once, mut twice, mut thrice, mut four) = (0u32, 0u32, 0u32, 0u32);
    let suit = hand[0] & 3;
    let mut flush = true;
    for &c in hand {
        let bit = 1 << rank(c);
        if thrice & bit != 0 {
            four |= bit;
        } else if twice & bit != 0 {
            thrice |= bit;
        } else if once & bit != 0 {
            twice |= bit;
        } else {
            once |= bit;
        }
        if c & 3 != suit {
            flush = false;
        }
    }
    let mut straight = false;
    if once.count_ones() == 5 {
        let low = once & once.wrapping_neg();
        straight = once == low * 31 || once == 0b1_0000_0000_1111;
    }
    let full_house = thrice != 0 && twice & !thrice != 0;
    if (n == 5 && (flush || straight)) || four != 0 || full_house {
        return (1 << n) - 1; // a straight or better stands pat
    }
    let mut paired = 0;
    for (i, &c) in hand.iter().enumerate() {
        if twice >> rank(c) & 1 != 0 {
            paired |= 1 << i;
        }
    }
    if paired != 0 {
        return paired;
    }
    top_two(hand)
}

#[inline(always)]
fn low_rank(c: u8, aces_low: bool) -> u32 {
    if aces_low {
        (rank(c) + 1) % 13
    } else {
        rank(c)
    }
}

fn keep_low(hand: &[u8], aces_low: bool) -> u32 {
    let n = hand.len();
    if n == 5 {
        let mut ranks = 0u32;
        let mut top = 0;
        let suit = hand[0] & 3;
        let mut suited = true;
        for &c in hand {
            let low = low_rank(c, aces_low);
            ranks |= 1 << low;
            top = top.max(low);
            if c & 3 != suit {
                suited = false;
            }
        }
        if ranks.count_ones() == 5 {
            if aces_low {
                if top <= 8 {
                    return 31; // a made nine or better
                }
            } else {
                let lowest = ranks & ranks.wrapping_neg();
                let straight = ranks == lowest * 31;
                if top <= 7 && !suited && !straight {
                    return 31; // 2-7: a made nine or better
                }
            }
        }
    }
    let mut seen = 0u32;
    let mut mask = 0;
    let limit = if aces_low { 7 } else { 6 }; // up to the eight
    for (i, &c) in hand.iter().enumerate() {
        let low = low_rank(c, aces_low);
        if low <= limit && seen >> low & 1 == 0 {
            seen |= 1 << low;
            mask |= 1 << i;
        }
    }
    mask
}

/// The Badugi keep: the cards of the best badugi (most cards, then the lowest ranks, highest
/// first), the first such subset in combination order when several make it (of two subsets,
/// the one holding the lowest position where they differ); a four-card badugi stands pat, a
/// smaller one keeps only its cards of eight or lower.
///
/// Every subset of the hand is met once, each built from a smaller one (its validity, suits
/// and ranks carried over), so no evaluator is called: the same choice as valuing the hand and
/// searching the subsets of the best value (`tests::badugi_keep_equals_the_search`).
#[inline]
fn keep_badugi(hand: &[u8], aces_high: bool) -> u32 {
    if let &[a, b, c, d] = hand {
        return keep_badugi_4([a, b, c, d], aces_high);
    }
    if hand.len() <= 5 {
        keep_badugi_in::<32>(hand, aces_high)
    } else {
        keep_badugi_in::<{ 1 << MAX_HAND }>(hand, aces_high)
    }
}

/// [`keep_badugi`] with room for `SETS` subsets (`2^n` at least: small hands clear less).
#[inline(always)]
fn keep_badugi_in<const SETS: usize>(hand: &[u8], aces_high: bool) -> u32 {
    let n = hand.len();
    let mut rbit = [0u32; MAX_HAND];
    let mut sbit = [0u32; MAX_HAND];
    for (i, &c) in hand.iter().enumerate() {
        rbit[i] = 1 << badugi_rank(c, aces_high);
        sbit[i] = 1 << (c & 3);
    }
    // ranks[S] and suits[S] of each subset S, 0 for one with a repeated rank or suit
    let mut ranks = [0u32; SETS];
    let mut suits = [0u32; SETS];
    let (mut best, mut best_n, mut best_ranks) = (0u32, 0u32, 0u32);
    for set in 1u32..1 << n {
        let low = set.trailing_zeros() as usize;
        let rest = (set & (set - 1)) as usize;
        let valid = rest == 0 || ranks[rest] != 0;
        if !valid || ranks[rest] & rbit[low] != 0 || suits[rest] & sbit[low] != 0 {
            continue;
        }
        let r = ranks[rest] | rbit[low];
        ranks[set as usize] = r;
        suits[set as usize] = suits[rest] | sbit[low];
        let count = set.count_ones();
        let better = count > best_n
            || (count == best_n && (r < best_ranks || (r == best_ranks && comes_first(set, best))));
        if better {
            (best, best_n, best_ranks) = (set, count, r);
        }
    }
    if best_n == 4 {
        return best;
    }
    let mut mask = 0;
    for i in 0..n {
        if best >> i & 1 != 0 && rbit[i] <= 1 << 7 {
            mask |= 1 << i;
        }
    }
    mask
}

/// Four-card hands (Badugi's): the keep read from a table of every rank sequence and every
/// pattern of equal suits (the keep sees suits only as equal or not), built on first use.
#[inline(always)]
fn keep_badugi_4(hand: [u8; 4], aces_high: bool) -> u32 {
    static LOW: OnceLock<Vec<u8>> = OnceLock::new();
    static HIGH: OnceLock<Vec<u8>> = OnceLock::new();
    let table = if aces_high {
        HIGH.get_or_init(|| badugi_4_table(true))
    } else {
        LOW.get_or_init(|| badugi_4_table(false))
    };
    // the cards in four 16-bit fields, the first card lowest
    let x = u64::from(u32::from_le_bytes(hand));
    let x = (x | x << 16) & 0x0000_FFFF_0000_FFFF;
    let x = (x | x << 8) & 0x00FF_00FF_00FF_00FF;
    // the suits, two bits a card (the first lowest): one multiply moves field i's suit to
    // bit 48 + 2i; every other product lands elsewhere, without carries
    let suits = ((x & 0x0003_0003_0003_0003).wrapping_mul(SUIT_GATHER) >> 48) as usize & 0xFF;
    // the ranks as a number of base 13, the first card the top digit: the top field of the
    // product is r0 * 13^3 + r1 * 13^2 + r2 * 13 + r3 (the lower fields stay below 2^16)
    let ranks = ((x >> 2 & 0x000F_000F_000F_000F).wrapping_mul(RANK_DIGITS) >> 48) as usize;
    u32::from(table[SUIT_PATTERNS.0[suits] as usize * RANK_SEQUENCES + ranks])
}

const SUIT_GATHER: u64 = 1 << 48 | 1 << 34 | 1 << 20 | 1 << 6;
const RANK_DIGITS: u64 = 2197 << 48 | 169 << 32 | 13 << 16 | 1;

const RANK_SEQUENCES: usize = 13 * 13 * 13 * 13;

/// Per four suits (two bits each, the first card lowest), the index of their pattern of equal
/// suits (0..15), and each pattern's suits relabelled in order of first appearance.
struct SuitPatterns([u8; 256], [[u8; 4]; 15]);

const SUIT_PATTERNS: SuitPatterns = {
    let mut index = [0u8; 256];
    let mut patterns = [[0u8; 4]; 15];
    let mut found = 0;
    let mut key = 0;
    while key < 256 {
        // relabel the suits in order of first appearance
        let mut label = [4u8; 4];
        let mut next = 0u8;
        let mut canon = [0u8; 4];
        let mut i = 0;
        while i < 4 {
            let suit = key >> (2 * i) & 3;
            if label[suit] == 4 {
                label[suit] = next;
                next += 1;
            }
            canon[i] = label[suit];
            i += 1;
        }
        let mut p = 0;
        while p < found
            && !(patterns[p][0] == canon[0]
                && patterns[p][1] == canon[1]
                && patterns[p][2] == canon[2]
                && patterns[p][3] == canon[3])
        {
            p += 1;
        }
        if p == found {
            patterns[found] = canon;
            found += 1;
        }
        index[key] = p as u8;
        key += 1;
    }
    SuitPatterns(index, patterns)
};

fn badugi_4_table(aces_high: bool) -> Vec<u8> {
    let mut table = vec![0u8; 15 * RANK_SEQUENCES];
    for (p, suits) in SUIT_PATTERNS.1.iter().enumerate() {
        for ranks in 0..RANK_SEQUENCES {
            let r = [ranks / 2197, ranks / 169 % 13, ranks / 13 % 13, ranks % 13];
            let hand: [u8; 4] = std::array::from_fn(|i| r[i] as u8 * 4 + suits[i]);
            table[p * RANK_SEQUENCES + ranks] = keep_badugi_in::<32>(&hand, aces_high) as u8;
        }
    }
    table
}

/// Most cards a hand given to the Badugi keep holds.
const MAX_HAND: usize = 10;

#[inline(always)]
fn badugi_rank(c: u8, aces_high: bool) -> u32 {
    if aces_high {
        rank(c)
    } else {
        (rank(c) + 1) % 13
    }
}

/// Of two subsets of one size, `a` comes first in combination order: it holds the lowest
/// position where they differ.
#[inline(always)]
fn comes_first(a: u32, b: u32) -> bool {
    let diff = a ^ b;
    diff & diff.wrapping_neg() & a != 0
}

/// The best flush of a suited pair (rank bits `pair_bits`) with three board cards.
fn flush_with(pair_bits: u32, suit: u8, board: &[u8], ft: &FiveCardTables) -> i32 {
    let nb = board.len();
    let mut best = -1;
    for x in 0..nb.saturating_sub(2) {
        if board[x] & 3 != suit {
            continue;
        }
        for y in x + 1..nb - 1 {
            if board[y] & 3 != suit {
                continue;
            }
            for z in y + 1..nb {
                if board[z] & 3 != suit {
                    continue;
                }
                let mask =
                    pair_bits | 1 << rank(board[x]) | 1 << rank(board[y]) | 1 << rank(board[z]);
                best = best.max(ft.flush5[mask as usize]);
            }
        }
    }
    best
}

fn keep_omaha(hand: &[u8], board: &[u8], ft: &FiveCardTables) -> u32 {
    let nb = board.len();
    if nb < 3 {
        return top_two(hand);
    }
    let mut key = 0usize;
    let mut suits = 0u32; // four 4-bit counts
    for &c in board {
        key += super::ranks::RANK_ADD[rank(c) as usize] as usize;
        suits += 1 << ((c & 3) << 2);
    }
    let base = ft.board_index[(nb - 3) * super::ranks::KEYS + key] as usize * 91;
    let mut best = -1;
    let mut keep = 0;
    let n = hand.len();
    for u in 0..n - 1 {
        let cu = hand[u];
        for v in u + 1..n {
            let cv = hand[v];
            let pair = ft.pair_index[rank(cu) as usize * 13 + rank(cv) as usize] as usize;
            let mut top = ft.pair_best[base + pair];
            let suit = cu & 3;
            if cv & 3 == suit && suits >> (suit << 2) & 0xF >= 3 {
                let pair_bits = 1 << rank(cu) | 1 << rank(cv);
                top = top.max(flush_with(pair_bits, suit, board, ft));
            }
            if top > best {
                // the first pair making the best hand
                best = top;
                keep = 1 << u | 1 << v;
            }
        }
    }
    keep
}

/// The positions of `hand` a player following `policy` throws, on `board`, at a draw of at
/// most `limit` cards.
#[inline]
pub fn choose_mask(
    hand: &[u8],
    board: &[u8],
    limit: usize,
    policy: u8,
    awards: &[Award],
    ft: &FiveCardTables,
) -> u32 {
    if policy == PAT {
        return 0;
    }
    let throw = unkept(hand, board, awards, ft);
    if throw.count_ones() as usize <= limit {
        return throw;
    }
    let mut mask = 0;
    least_useful(hand, throw, limit, awards, |i| mask |= 1 << i);
    mask
}

/// [`choose_mask`] as positions in the order the Python policy lists the throw: the hand's
/// order, or, when more cards would go than the draw allows, least useful first.
pub fn choose_order(
    hand: &[u8],
    board: &[u8],
    limit: usize,
    policy: u8,
    awards: &[Award],
    ft: &FiveCardTables,
) -> Vec<usize> {
    let mut order = Vec::with_capacity(hand.len());
    if policy == PAT {
        return order;
    }
    let throw = unkept(hand, board, awards, ft);
    if throw.count_ones() as usize <= limit {
        order.extend((0..hand.len()).filter(|&i| throw >> i & 1 != 0));
    } else {
        least_useful(hand, throw, limit, awards, |i| order.push(i));
    }
    order
}

/// The positions that no award's keep keeps.
#[inline(always)]
fn unkept(hand: &[u8], board: &[u8], awards: &[Award], ft: &FiveCardTables) -> u32 {
    let n = hand.len();
    let mut kept = 0u32;
    for award in awards {
        kept |= match award.keep {
            KEEP_DRAW_HIGH => keep_draw_high(hand),
            KEEP_DEUCE_SEVEN => keep_low(hand, false),
            KEEP_A5 => keep_low(hand, true),
            KEEP_BADUGI => keep_badugi(hand, award.aces_high),
            KEEP_OMAHA => keep_omaha(hand, board, ft),
            _ => (1 << n) - 1,
        };
    }
    ((1u32 << n) - 1) & !kept
}

/// More cards in `throw` than the draw's `limit`: calls `throw_at` with the `limit` least
/// useful, in that order: for low halves (every keep a low one) the highest cards, for high
/// halves the lowest; among equal ranks, the earlier card first (a stable sort).
#[cold]
fn least_useful(
    hand: &[u8],
    throw: u32,
    limit: usize,
    awards: &[Award],
    mut throw_at: impl FnMut(usize),
) {
    let lowish = awards.iter().all(|a| LOW_KEEPS >> a.keep & 1 != 0);
    let mut taken = 0;
    for step in 0..13 {
        let r = if lowish { 12 - step } else { step };
        for (i, &c) in hand.iter().enumerate() {
            if taken < limit && throw >> i & 1 != 0 && rank(c) == r {
                throw_at(i);
                taken += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::{award_value, BADUGI};

    const FULL13: i64 = 0x1FFF;

    /// The keep as the numba engine computed it: value the hand, then search the subsets of
    /// the best value's ranks.
    pub(super) fn keep_badugi_by_search(hand: &[u8], aces_high: bool) -> u32 {
        let n = hand.len();
        let value = award_value(BADUGI, aces_high, hand, &[]);
        let count = (value >> 13) as u32;
        let target = (FULL13 - (value & FULL13)) as u32; // the ranks of the best badugi
        let r_of = |c: u8| -> u32 {
            if aces_high {
                rank(c)
            } else {
                (rank(c) + 1) % 13
            }
        };
        // The first subset, in combination order, with distinct suits and ranks making the
        // value: of two subsets of one size, the one holding the lowest position where they
        // differ comes first. Only cards of the target's ranks can be in it.
        let mut candidates = 0u32;
        for (i, &c) in hand.iter().enumerate() {
            if target >> r_of(c) & 1 != 0 {
                candidates |= 1 << i;
            }
        }
        let mut best = 0u32;
        let mut subset = candidates;
        if candidates.count_ones() == count {
            best = candidates; // one card of each rank: the only such subset
            subset = 0;
        }
        while subset != 0 {
            let diff = subset ^ best;
            if subset.count_ones() == count
                && !(best != 0 && diff & diff.wrapping_neg() & best != 0)
            {
                let (mut suits, mut ranks) = (0u32, 0u32);
                let mut ok = true;
                for (i, &c) in hand.iter().enumerate() {
                    if subset >> i & 1 == 0 {
                        continue;
                    }
                    let sbit = 1 << (c & 3);
                    let rbit = 1 << r_of(c);
                    if suits & sbit != 0 || ranks & rbit != 0 {
                        ok = false;
                        break;
                    }
                    suits |= sbit;
                    ranks |= rbit;
                }
                if ok && ranks == target {
                    best = subset;
                }
            }
            subset = (subset - 1) & candidates;
        }
        if count == 4 {
            return best;
        }
        let mut mask = 0;
        for (i, &c) in hand.iter().enumerate().take(n) {
            if best >> i & 1 != 0 && r_of(c) <= 7 {
                mask |= 1 << i;
            }
        }
        mask
    }

    fn check(hand: &[u8], aces_high: bool) {
        assert_eq!(
            keep_badugi_in::<1024>(hand, aces_high),
            keep_badugi_by_search(hand, aces_high),
            "{hand:?} aces high {aces_high}"
        );
        assert_eq!(
            keep_badugi(hand, aces_high),
            keep_badugi_by_search(hand, aces_high),
            "{hand:?} aces high {aces_high}"
        );
    }

    #[test]
    fn badugi_keep_equals_the_search_on_every_four_card_hand_in_every_order() {
        for a in 0..52u8 {
            for b in 0..52u8 {
                if b == a {
                    continue;
                }
                for c in 0..52u8 {
                    if c == a || c == b {
                        continue;
                    }
                    for d in 0..52u8 {
                        if d != a && d != b && d != c {
                            check(&[a, b, c, d], false);
                            check(&[a, b, c, d], true);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn badugi_keep_equals_the_search_on_other_sizes() {
        let mut s = crate::study::rng::Stream::start(5, 0);
        for n in 1..=7usize {
            for _ in 0..40_000 {
                let mut deck: Vec<u8> = (0..52).collect();
                for i in 0..n {
                    let j = i + s.below((52 - i) as u64) as usize;
                    deck.swap(i, j);
                }
                check(&deck[..n], n % 2 == 0);
            }
        }
    }
}
