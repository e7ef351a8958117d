//! 2-7 and A-5 lowball on five cards: values negated, so bigger (closer to zero) wins.
//!
//! - 2-7: aces high; straights and flushes count against you; A-2-3-4-5 is ace high (the high
//!   value negated, the wheel read as A-5-4-3-2).
//! - aces low; straights and flushes are ignored; only pairs and ranks count.
//!
//! One addition of `card_key` per card: the rank multiset's key, read through the perfect hash
//! into `deuce_seven_nf` or `a5`; five cards of one suit read `deuce_seven_flush`.

use crate::high::has_five_suited;
use crate::tables::{tables, Tables, MASKS};

#[inline(always)]
fn key_of(t: &Tables, c: &[u8]) -> u64 {
    let k = &t.card_key;
    k[c[0] as usize] + k[c[1] as usize] + k[c[2] as usize] + k[c[3] as usize] + k[c[4] as usize]
}

/// 2-7 value of the first five of `cards`.
#[inline]
pub fn deuce_seven_5_of(t: &Tables, c: &[u8]) -> i32 {
    let key = key_of(t, c);
    if has_five_suited(key) {
        let b = &t.rank_bit;
        let mask = b[c[0] as usize]
            | b[c[1] as usize]
            | b[c[2] as usize]
            | b[c[3] as usize]
            | b[c[4] as usize];
        return t.deuce_seven_flush[mask as usize & (MASKS - 1)];
    }
    t.deuce_seven_nf[t.ph_index(key)]
}

/// A-5 value of the first five of `cards`.
#[inline]
pub fn a5_5_of(t: &Tables, c: &[u8]) -> i32 {
    t.a5[t.ph_index(key_of(t, c))]
}

/// 2-7 value of the first five of `cards`.
#[inline]
pub fn deuce_seven_5(cards: &[u8]) -> i64 {
    i64::from(deuce_seven_5_of(tables(), cards))
}

/// A-5 value of the first five of `cards`.
#[inline]
pub fn a5_5(cards: &[u8]) -> i64 {
    i64::from(a5_5_of(tables(), cards))
}

/// The best of every five of `cards` (five or more) under `five`.
pub fn best_of_fives(t: &Tables, cards: &[u8], five: fn(&Tables, &[u8]) -> i32) -> i32 {
    if cards.len() == 5 {
        return five(t, cards);
    }
    let mut best = i32::MIN;
    crate::combos::each(cards.len(), 5, |idx| {
        let pick: [u8; 5] = std::array::from_fn(|i| cards[idx[i]]);
        best = best.max(five(t, &pick));
    });
    best
}

/// The five of `cards` that make lowball `value` under `five` (the first five, in combination
/// order, that do), highest first by `order` (2-7: the card; A-5: the ace lowest).
pub fn used(
    t: &Tables,
    cards: &[u8],
    value: i32,
    five: fn(&Tables, &[u8]) -> i32,
    a5: bool,
) -> Vec<u8> {
    let mut found = Vec::new();
    crate::combos::each(cards.len(), 5, |i| {
        if found.is_empty() {
            let pick = [
                cards[i[0]],
                cards[i[1]],
                cards[i[2]],
                cards[i[3]],
                cards[i[4]],
            ];
            if five(t, &pick) == value {
                found.extend_from_slice(&pick);
            }
        }
    });
    found.sort_unstable_by_key(|&c| std::cmp::Reverse(if a5 { (c + 4) % 52 } else { c }));
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse;

    #[test]
    fn every_five_card_hand_has_one_of_6175_a5_values() {
        let t = tables();
        let mut seen = std::collections::HashSet::new();
        let mut low = std::collections::HashSet::new();
        crate::combos::each(52, 5, |i| {
            let five: [u8; 5] = std::array::from_fn(|j| i[j] as u8);
            seen.insert(a5_5_of(t, &five));
            low.insert(deuce_seven_5_of(t, &five));
        });
        assert_eq!(seen.len(), 6175);
        assert_eq!(low.len(), 7462);
    }

    #[test]
    fn lowball_wheels() {
        // At 2-7 the wheel is ace high (no straight), a 7-5-4-3-2 is the nuts; at A-5 it wins.
        let wheel = parse("As 2d 3h 4c 5s");
        let seven = parse("7s 5d 4h 3c 2s");
        assert!(deuce_seven_5(&seven) > deuce_seven_5(&wheel));
        assert_eq!(
            deuce_seven_5(&wheel),
            -(12 << 16 | 3 << 12 | 2 << 8 | 1 << 4)
        );
        assert_eq!(a5_5(&wheel), -(4 << 16 | 3 << 12 | 2 << 8 | 1 << 4));
        assert!(a5_5(&wheel) > a5_5(&seven));
    }
}
