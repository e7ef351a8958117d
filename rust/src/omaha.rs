//! Omaha high: exactly two of 4-6 hole cards and exactly three of 3-5 board cards; and the
//! Omaha eight-or-better low of the same two plus three ([`low_value`], [`low_used`]).
//!
//! The 2 + 3 structure is read from tables, not tried combination by combination: the board's
//! rank multiset has a row of `omaha_nf` holding, for each of the 91 pairs of hole ranks, the
//! best non-flush hand of that pair with three of the board's ranks; the hand reads one entry
//! per pair of hole cards (6, 10 or 15). Flushes need a suit with three board cards and two
//! hole cards: the best plain flush takes the two highest suited hole cards and the three
//! highest suited board cards (read without a branch); a straight flush is looked for window by
//! window when the suit's ranks hold a straight.

use crate::high::{self, STRAIGHT_FLUSH};
use crate::tables::{tables, Tables, FULL13, MASKS, SUIT_SHIFT};

/// The best straight flush of exactly two ranks of `hole_mask` and three of `board_mask` (one
/// suit: the masks are disjoint), or -1.
#[cold]
fn straight_flush(t: &Tables, hole_mask: u32, board_mask: u32) -> i32 {
    let both = hole_mask | board_mask;
    for top in (3..13).rev() {
        let window = t.windows[top];
        if both & window == window && (window & hole_mask).count_ones() == 2 {
            return STRAIGHT_FLUSH << 20 | (top as i32) << 16;
        }
    }
    -1
}

/// The row of `omaha_nf` of a board (its rank multiset's), its key and its suit masks.
#[inline(always)]
fn board_of(t: &Tables, board: &[u8]) -> (usize, u64, u64) {
    let mut key = 0u64;
    let mut suits = 0u64;
    for &c in board {
        key += t.card_key[c as usize];
        suits |= t.suit_bit[c as usize];
    }
    (t.board_row[t.ph_index(key)] as usize * 91, key, suits)
}

/// Asks for the cache lines of the row of `omaha_nf` that starts at `base` (91 entries, 182
/// bytes: three or four lines), so that a block's rows arrive together.
#[inline(always)]
fn prefetch_row(t: &Tables, base: usize) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        let row = t.omaha_nf[base..base + 91].as_ptr().cast::<i8>();
        // SAFETY: a prefetch reads nothing and cannot fault; the addresses are the row's.
        unsafe {
            for line in 0..3 {
                _mm_prefetch::<_MM_HINT_T0>(row.add(64 * line));
            }
            _mm_prefetch::<_MM_HINT_T0>(row.add(181));
        }
    }
}

/// The best non-flush Omaha value of `hole` on the board whose row starts at `base`.
#[inline(always)]
fn non_flush(t: &Tables, hole: &[u8], base: usize) -> i32 {
    // The board's row, 256 entries from its start (past its 91 the next rows' or zeros, never
    // read): a pair index (a `u8`) reads it without a bounds check.
    let row: &[u16; 256] = t.omaha_nf[base..base + 256]
        .try_into()
        .expect("a row is inside omaha_nf");
    let mut best = 0u32;
    for (i, &c) in hole.iter().enumerate() {
        let pairs = &t.pair52[c as usize];
        for &d in &hole[i + 1..] {
            let v = u32::from(row[pairs[d as usize] as usize]);
            // The running maximum changes at random: a branch would mispredict often.
            best = crate::cmov::max(best, v);
        }
    }
    t.ord_value[usize::from(best as u16)]
}

/// True when a board given by [`board_of`] holds three cards of a suit (a flush can use it).
#[inline(always)]
fn three_suited((_, key, _): (usize, u64, u64)) -> bool {
    ((key >> SUIT_SHIFT) + 0x5555) & 0x8888 != 0
}

/// `value`, or the best flush of two of `hole` and three of a board given by [`board_of`] if
/// better.
#[inline(always)]
fn flush_or(t: &Tables, value: i32, hole: &[u8], (_, key, board_suits): (usize, u64, u64)) -> i32 {
    let hole_suits = high::suit_word(t, hole);
    // The suit with three board cards (five hold one at most), its two highest hole ranks and
    // three highest board ranks; fewer than two or three leave `flush_best` at -1. The suit's
    // count has its top bit at bit 3 + 4 * suit of `three`; with none the bit at 19 reads
    // "suit 4", whose masks (past the 52 bits of the suit words) are empty.
    let three = ((key >> SUIT_SHIFT) + 0x5555) & 0x8888 | 1 << 19;
    let shift = 13 * ((three.trailing_zeros() - 3) >> 2);
    let hole_mask = ((hole_suits >> shift) & u64::from(FULL13)) as usize;
    let board_mask = ((board_suits >> shift) & u64::from(FULL13)) as usize;
    let mut flush = t.flush_best[(t.top2[hole_mask] | t.top3[board_mask]) as usize & (MASKS - 1)];
    if t.straight_top[hole_mask | board_mask] >= 0 {
        flush = flush.max(straight_flush(t, hole_mask as u32, board_mask as u32));
    }
    value.max(flush)
}

/// The Omaha value of `hole` (4-6 cards) and `board` (3-5 cards).
#[inline(always)]
pub fn value_of(t: &Tables, hole: &[u8], board: &[u8]) -> i32 {
    let board = board_of(t, board);
    flush_or(t, non_flush(t, hole, board.0), hole, board)
}

/// Omaha values of many hands (hand `i`: `holes[i * hole_n..][..hole_n]` and
/// `boards[i * board_n..][..board_n]`), `put(i, value)` taking each in order. Hands go in
/// blocks: first every board's row of the block (its first cache lines read ahead, so that
/// the block's memory reads overlap), then the pairs of hole cards.
pub fn values_of(
    t: &Tables,
    holes: (&[u8], usize),
    boards: (&[u8], usize),
    put: impl FnMut(usize, i32),
) {
    // The common shapes with their card counts known at compile time (the loops over the
    // pairs of hole cards unroll).
    match (holes.1, boards.1) {
        (4, 5) => blocks::<4, 5>(t, holes.0, boards.0, put),
        (5, 5) => blocks::<5, 5>(t, holes.0, boards.0, put),
        (6, 5) => blocks::<6, 5>(t, holes.0, boards.0, put),
        (h, b) => blocks_of(t, (holes.0, h), (boards.0, b), put),
    }
}

#[inline(always)]
fn blocks<const H: usize, const B: usize>(
    t: &Tables,
    holes: &[u8],
    boards: &[u8],
    put: impl FnMut(usize, i32),
) {
    blocks_of(t, (holes, H), (boards, B), put);
}

#[inline(always)]
fn blocks_of(
    t: &Tables,
    (holes, hole_n): (&[u8], usize),
    (boards, board_n): (&[u8], usize),
    mut put: impl FnMut(usize, i32),
) {
    const BLOCK: usize = 16;
    let mut rows = [(0usize, 0u64, 0u64); BLOCK];
    let mut values = [0i32; BLOCK];
    let mut suited = [0usize; BLOCK];
    let mut at = 0;
    for (hole_block, board_block) in holes
        .chunks(BLOCK * hole_n)
        .zip(boards.chunks(BLOCK * board_n))
    {
        let mut n = 0;
        for (row, board) in rows.iter_mut().zip(board_block.chunks_exact(board_n)) {
            *row = board_of(t, board);
            prefetch_row(t, row.0);
        }
        for (k, (row, hole)) in rows.iter().zip(hole_block.chunks_exact(hole_n)).enumerate() {
            values[k] = non_flush(t, hole, row.0);
            // The hands whose board shows three of a suit, listed without a branch (a third of
            // the boards, at random): only they look for a flush.
            suited[n] = k;
            n += usize::from(three_suited(*row));
        }
        for &k in &suited[..n] {
            let hole = &hole_block[k * hole_n..][..hole_n];
            values[k] = flush_or(t, values[k], hole, rows[k]);
        }
        for &value in &values[..hole_block.len() / hole_n] {
            put(at, value);
            at += 1;
        }
    }
}

/// The Omaha value of `hole` (4-6 cards) and `board` (3-5 cards).
#[inline]
pub fn value(hole: &[u8], board: &[u8]) -> i64 {
    i64::from(value_of(tables(), hole, board))
}

/// The two hole cards and three board cards that make Omaha `value` (the first pair, then the
/// first three, in combination order), each part in [`high::order_used`] order.
pub fn used(t: &Tables, hole: &[u8], board: &[u8], value: i32) -> Vec<u8> {
    let mut found = Vec::new();
    crate::combos::each(hole.len(), 2, |h| {
        crate::combos::each(board.len(), 3, |b| {
            if found.is_empty() {
                let five = [
                    hole[h[0]],
                    hole[h[1]],
                    board[b[0]],
                    board[b[1]],
                    board[b[2]],
                ];
                if high::value_5_of(t, five) == value {
                    found.extend_from_slice(&five);
                    high::order_used(&mut found[..2]);
                    high::order_used(&mut found[2..]);
                }
            }
        });
    });
    found
}

/// The A-5 rank mask (bit 0 the ace, bit 7 the eight) of the cards of `cards` that can play
/// in an eight-or-better low.
#[inline(always)]
fn low_ranks(cards: &[u8]) -> u32 {
    // A card's rank is `card / 4` with the deuce 0 and the ace 12; aces low: (rank + 1) % 13.
    cards
        .iter()
        .map(|&c| (1u32 << ((c / 4 + 1) % 13)) & 0xff)
        .fold(0, |a, b| a | b)
}

/// The best eight-or-better low's rank mask of exactly two ranks of `hole` and three of `board`
/// (A-5 rank masks), or 0 for none. Five different ranks compare high card first as their masks
/// compare as numbers, and for a pair of hole ranks the best three board ranks are the lowest
/// three left.
#[inline(always)]
fn low_mask(hole: u32, board: u32) -> u32 {
    let mut best = u32::MAX;
    let mut first = hole;
    while first != 0 {
        let a = first & first.wrapping_neg();
        first ^= a;
        let mut second = first;
        while second != 0 {
            let b = second & second.wrapping_neg();
            second ^= b;
            let mut rest = board & !(a | b);
            if rest.count_ones() >= 3 {
                let mut three = 0;
                for _ in 0..3 {
                    let low = rest & rest.wrapping_neg();
                    three |= low;
                    rest ^= low;
                }
                best = best.min(a | b | three);
            }
        }
    }
    if best == u32::MAX {
        0
    } else {
        best
    }
}

/// The A-5 value (as [`crate::lowball::a5_5`] gives it) of five different ranks in `mask`.
#[inline(always)]
fn a5_of_mask(mut mask: u32) -> i64 {
    let mut value = 0i64;
    while mask != 0 {
        let top = 31 - mask.leading_zeros();
        value = value << 4 | i64::from(top);
        mask ^= 1 << top;
    }
    -value
}

/// The Omaha eight-or-better low of `hole` (4-6 cards) and `board` (3-5 cards): exactly two
/// hole cards and exactly three board cards of five different ranks of eight or lower, valued
/// A-5 (straights and flushes ignored; bigger wins), or [`crate::kinds::NO_HAND`] for no low.
#[inline]
pub fn low_value(hole: &[u8], board: &[u8]) -> i64 {
    match low_mask(low_ranks(hole), low_ranks(board)) {
        0 => crate::kinds::NO_HAND,
        mask => a5_of_mask(mask),
    }
}

/// The two hole cards and three board cards of the Omaha low of `hole` and `board` (empty: no
/// low), each part highest first with the ace lowest.
pub fn low_used(hole: &[u8], board: &[u8]) -> Vec<u8> {
    let (h, b) = (low_ranks(hole), low_ranks(board));
    let mask = low_mask(h, b);
    if mask == 0 {
        return Vec::new();
    }
    // The hole part: the two ranks of the mask the hole supplies (in the search, the pair whose
    // rest of the board filled the hand); try each pair of the mask's hole ranks.
    let ranks: Vec<u32> = (0..8).filter(|r| mask >> r & 1 == 1).collect();
    let rank_of = |c: u8| u32::from((c / 4 + 1) % 13);
    for i in 0..5 {
        for j in i + 1..5 {
            let pair = 1 << ranks[i] | 1 << ranks[j];
            if pair & h == pair && (mask & !pair) & b == mask & !pair {
                let mut found = Vec::new();
                for part in [(hole, pair), (board, mask & !pair)] {
                    let mut picked: Vec<u8> = Vec::new();
                    for &c in part.0 {
                        let bit = 1 << rank_of(c);
                        if part.1 & bit != 0 && picked.iter().all(|&p| rank_of(p) != rank_of(c)) {
                            picked.push(c);
                        }
                    }
                    picked.sort_unstable_by_key(|&c| std::cmp::Reverse(rank_of(c)));
                    found.extend(picked);
                }
                return found;
            }
        }
    }
    unreachable!("a low's mask splits into two hole ranks and three board ranks")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse;

    /// Every 2 + 3, valued as five cards.
    fn slow(hole: &[u8], board: &[u8]) -> i64 {
        let mut best = i64::MIN;
        for i in 0..hole.len() {
            for j in i + 1..hole.len() {
                for x in 0..board.len() {
                    for y in x + 1..board.len() {
                        for z in y + 1..board.len() {
                            let five = [hole[i], hole[j], board[x], board[y], board[z]];
                            best = best.max(high::value_5(&five));
                        }
                    }
                }
            }
        }
        best
    }

    #[test]
    fn omaha_uses_exactly_two_hole_cards() {
        // Four aces in the hole are a pair of aces; the board's flush needs two hole hearts.
        let hole = parse("Ac Ad Ah As");
        let board = parse("Kh Qh Jh Th 2c");
        assert_eq!(value(&hole, &board) >> 20, 1);
        assert_eq!(value(&hole, &board), slow(&hole, &board));
        let t = tables();
        let v = value_of(t, &hole, &board);
        assert_eq!(used(t, &hole, &board, v), parse("Ad Ac Kh Qh Jh"));
    }

    #[test]
    fn omaha_equals_every_two_plus_three_on_seeded_hands() {
        let mut rng = crate::testing::Rng(7);
        for round in 0..20_000 {
            let (h, b) = (4 + round % 3, 3 + (round / 3) % 3);
            let cards = rng.cards(h + b);
            let (hole, board) = cards.split_at(h);
            assert_eq!(value(hole, board), slow(hole, board), "{hole:?} {board:?}");
        }
    }

    /// Every 2 + 3 valued as five A-5 cards, eight or better only.
    fn slow_low(hole: &[u8], board: &[u8]) -> i64 {
        let eight = crate::lowball::a5_5(&parse("8c 7d 6h 5s 4c"));
        let mut best = crate::kinds::NO_HAND;
        for i in 0..hole.len() {
            for j in i + 1..hole.len() {
                for x in 0..board.len() {
                    for y in x + 1..board.len() {
                        for z in y + 1..board.len() {
                            let five = [hole[i], hole[j], board[x], board[y], board[z]];
                            let v = crate::lowball::a5_5(&five);
                            if v >= eight {
                                best = best.max(v);
                            }
                        }
                    }
                }
            }
        }
        best
    }

    #[test]
    fn omaha_low_uses_exactly_two_hole_cards_and_three_board_cards() {
        // docs/rules.md "The mixed-game menu": A-2-3-4 in the hole and 5-K-Q-J-9 on the board
        // make no low (only one board card is eight or lower).
        assert_eq!(
            low_value(&parse("Ac 2d 3h 4s"), &parse("5c Kd Qh Js 9c")),
            crate::kinds::NO_HAND
        );
        // A-2 with 3-4-5 on the board: the wheel; the other hole cards cannot play.
        let (hole, board) = (parse("Ac 2d Kh Ks"), parse("3c 4d 5h Js Qc"));
        assert_eq!(
            low_value(&hole, &board),
            crate::lowball::a5_5(&parse("5h 4d 3c 2d Ac"))
        );
        assert_eq!(low_used(&hole, &board), parse("2d Ac 5h 4d 3c"));
        // A paired board rank counts once: 2-3 + A-A-6-7 boards make 7-6-3-2-A.
        let (hole, board) = (parse("2c 3d Kh Qs"), parse("Ac Ad 6h 7s Tc"));
        assert_eq!(
            low_value(&hole, &board),
            crate::lowball::a5_5(&parse("7s 6h 3d 2c Ac"))
        );
        assert_eq!(low_used(&hole, &board), parse("3d 2c 7s 6h Ac"));
    }

    #[test]
    fn omaha_low_equals_every_two_plus_three_on_seeded_hands() {
        let mut rng = crate::testing::Rng(11);
        for round in 0..20_000 {
            let (h, b) = (4 + round % 3, 3 + (round / 3) % 3);
            let cards = rng.cards(h + b);
            let (hole, board) = cards.split_at(h);
            let value = low_value(hole, board);
            assert_eq!(value, slow_low(hole, board), "{hole:?} {board:?}");
            let used = low_used(hole, board);
            if value == crate::kinds::NO_HAND {
                assert!(used.is_empty());
            } else {
                assert!(used[..2].iter().all(|c| hole.contains(c)));
                assert!(used[2..].iter().all(|c| board.contains(c)));
                assert_eq!(crate::lowball::a5_5(&used), value);
            }
        }
    }
}
