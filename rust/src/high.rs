//! High hands: the best five of 5 to 10 cards (`value`, `pool`) and draw high (`value_5`).
//!
//! Values are `category << 20` followed by five rank nibbles (bigger wins): categories 0 high
//! card up to 8 straight flush; 7,462 distinct values for the five-card hands.
//!
//! Up to seven cards: one addition of `card_key` per card gives the rank multiset's key (read
//! through the perfect hash into `high_nf`) and the suit counts; only a suit of five or more
//! reads `flush_best`. Eight to ten cards (Doogie's pool): rank planes (the ranks seen once,
//! twice, three and four times), read by `nf_from_planes`.

use crate::tables::{tables, Tables, FULL13, MASKS, MAX_KEYED, SUIT_SHIFT};

pub const HIGH_CARD: i32 = 0;
pub const ONE_PAIR: i32 = 1;
pub const TWO_PAIR: i32 = 2;
pub const THREE_OF_A_KIND: i32 = 3;
pub const STRAIGHT: i32 = 4;
pub const FLUSH: i32 = 5;
pub const FULL_HOUSE: i32 = 6;
pub const FOUR_OF_A_KIND: i32 = 7;
pub const STRAIGHT_FLUSH: i32 = 8;

/// True when a key's suit counts hold a suit of five or more cards (at most ten cards).
#[inline(always)]
pub fn has_five_suited(key: u64) -> bool {
    ((key >> SUIT_SHIFT) + 0x3333) & 0x8888 != 0
}

/// `value`, or the best flush among the four 13-bit suit masks of `suits` if better.
#[inline]
pub fn flushes(t: &Tables, value: i32, suits: u64) -> i32 {
    let mut best = value;
    for s in [0, 13, 26, 39] {
        best = best.max(t.flush_best[(suits >> s) as usize & FULL13 as usize]);
    }
    best
}

/// The 52-bit word of four suit masks of `cards`.
#[inline]
pub fn suit_word(t: &Tables, cards: &[u8]) -> u64 {
    cards.iter().fold(0, |w, &c| w | t.suit_bit[c as usize])
}

/// Draw high: exactly the five cards `c` (the first five of a hand).
#[inline(always)]
pub fn value_5_of(t: &Tables, c: [u8; 5]) -> i32 {
    let k = &t.card_key;
    let key = k[c[0] as usize]
        + k[c[1] as usize]
        + k[c[2] as usize]
        + k[c[3] as usize]
        + k[c[4] as usize];
    if has_five_suited(key) {
        let b = &t.rank_bit;
        let mask = b[c[0] as usize]
            | b[c[1] as usize]
            | b[c[2] as usize]
            | b[c[3] as usize]
            | b[c[4] as usize];
        return t.flush_best[mask as usize & (MASKS - 1)];
    }
    t.ord_value[usize::from(t.high_nf[t.ph_index(key)])]
}

/// Draw high: the first five of `cards` (at least five).
#[inline]
pub fn value_5(cards: &[u8]) -> i64 {
    let t = tables();
    i64::from(value_5_of(
        t,
        [cards[0], cards[1], cards[2], cards[3], cards[4]],
    ))
}

/// The best five of `hole` and `board` together (5 to 10 cards in all).
#[inline(always)]
pub fn pool_of(t: &Tables, hole: &[u8], board: &[u8]) -> i32 {
    if hole.len() + board.len() > MAX_KEYED {
        return large(t, hole, board);
    }
    let mut key = 0;
    for &c in hole {
        key += t.card_key[c as usize];
    }
    for &c in board {
        key += t.card_key[c as usize];
    }
    let value = t.ord_value[usize::from(t.high_nf[t.ph_index(key)])];
    if has_five_suited(key) {
        let suits = suit_word(t, hole) | suit_word(t, board);
        return flushes(t, value, suits);
    }
    value
}

/// Eight to ten cards: rank planes and suit masks.
#[cold]
fn large(t: &Tables, hole: &[u8], board: &[u8]) -> i32 {
    let (mut m1, mut m2, mut m3, mut m4) = (0u32, 0u32, 0u32, 0u32);
    let mut suits = 0u64;
    for &c in hole.iter().chain(board) {
        let bit = t.rank_bit[c as usize];
        m4 |= m3 & bit;
        m3 |= m2 & bit;
        m2 |= m1 & bit;
        m1 |= bit;
        suits |= t.suit_bit[c as usize];
    }
    let value = t.nf_from_planes(m1, m2, m3, m4);
    flushes(t, value, suits)
}

/// The best five of `cards` (5 to 10).
#[inline]
pub fn value(cards: &[u8]) -> i64 {
    i64::from(pool_of(tables(), cards, &[]))
}

/// The best five of `hole` and `board` together (5 to 10 cards in all).
#[inline]
pub fn pool(hole: &[u8], board: &[u8]) -> i64 {
    i64::from(pool_of(tables(), hole, board))
}

/// Order the cards of a hand as it reads: by how many of its rank the hand holds, then rank,
/// then suit, highest first ("Kd Kc 9s 9h 2c").
pub fn order_used(cards: &mut [u8]) {
    let mut counts = [0u8; 13];
    for &c in cards.iter() {
        counts[c as usize >> 2] += 1;
    }
    cards.sort_unstable_by_key(|&c| std::cmp::Reverse((counts[c as usize >> 2], c)));
}

/// The five of `cards` (5 to 10) that make high `value`: the first five, in combination
/// order, that do, in [`order_used`] order; empty when none does.
pub fn used(t: &Tables, cards: &[u8], value: i32) -> Vec<u8> {
    let mut found = Vec::new();
    crate::combos::each(cards.len(), 5, |i| {
        if found.is_empty() {
            let five = [
                cards[i[0]],
                cards[i[1]],
                cards[i[2]],
                cards[i[3]],
                cards[i[4]],
            ];
            if value_5_of(t, five) == value {
                found.extend_from_slice(&five);
            }
        }
    });
    order_used(&mut found);
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse;

    #[test]
    fn used_reads_the_hand_in_order() {
        let t = tables();
        let cards = parse("2c 9h Kd 9s Kc 3d 4h");
        let value = pool_of(t, &cards, &[]);
        assert_eq!(used(t, &cards, value), parse("Kd Kc 9s 9h 4h"));
    }

    #[test]
    fn a_royal_flush_is_9175040() {
        assert_eq!(value(&[48, 44, 40, 36, 32, 0, 5]), 9_175_040);
        assert_eq!(value_5(&[48, 44, 40, 36, 32]), 9_175_040);
    }

    #[test]
    fn every_five_card_hand_has_one_of_7462_values() {
        let mut seen = std::collections::HashSet::new();
        for a in 0..52u8 {
            for b in a + 1..52 {
                for c in b + 1..52 {
                    for d in c + 1..52 {
                        for e in d + 1..52 {
                            seen.insert(value_5(&[a, b, c, d, e]));
                        }
                    }
                }
            }
        }
        assert_eq!(seen.len(), 7462);
    }

    #[test]
    fn the_wheel_is_a_five_high_straight_and_ten_cards_see_a_flush() {
        assert_eq!(
            value_5(&parse("As 2d 3h 4c 5s")),
            i64::from(STRAIGHT << 20 | 3 << 16)
        );
        let ten = parse("2h 5h 9h Jh Kh 3c 4d 6c 7d Tc");
        assert_eq!(value(&ten) >> 20, i64::from(FLUSH));
        let quads = parse("2h 2c 2d 2s 5c 5d 9c Ah Kd 3c");
        assert_eq!(value(&quads), i64::from(FOUR_OF_A_KIND << 20 | 12 << 12));
    }
}
