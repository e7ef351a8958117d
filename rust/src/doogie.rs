//! Doogie: exactly four cards, one of each suit, four different ranks, aces low, from up to ten
//! cards (six hole and four community), compared as a four-card Badugi (`low`); and Doogie's
//! high half (`high`), where the perfect doogie (A-2-3-4 in four suits) tops every high hand.

use crate::high;
use crate::kinds::NO_HAND;
use crate::tables::{grow, tables, Tables, FULL13};

/// The perfect doogie's low value: A-2-3-4, four suits.
pub const PERFECT_DOOGIE: i32 = 4 << 13 | (0x1FFF - 0b1111);
/// The perfect doogie's high value: above a royal flush (category 8).
pub const PERFECT_DOOGIE_HIGH: i32 = 9 << 20;
/// Ranks A-4 of each 13-bit suit mask, aces low.
const ACE_TO_FOUR: u64 = 0xF | 0xF << 13 | 0xF << 26 | 0xF << 39;

/// The word of four 13-bit suit masks (aces low) of `hole` and `board`.
#[inline]
pub fn suits_low(t: &Tables, hole: &[u8], board: &[u8]) -> u64 {
    hole.iter()
        .chain(board)
        .fold(0, |w, &c| w | t.suit_bit_low[c as usize])
}

/// The Badugi value of four suit masks (aces low): ranks taken lowest first while a matching
/// to distinct suits exists, visiting only the ranks present.
#[inline]
fn greedy4(s: [u32; 4]) -> i32 {
    let mut present = s[0] | s[1] | s[2] | s[3];
    let mut states = 1u32;
    let mut chosen = 0u32;
    let mut count = 0;
    while present != 0 && count < 4 {
        let bit = present & present.wrapping_neg();
        present ^= bit;
        let grown = grow(
            states,
            s[0] & bit != 0,
            s[1] & bit != 0,
            s[2] & bit != 0,
            s[3] & bit != 0,
        );
        if grown != 0 {
            states = grown;
            chosen |= bit;
            count += 1;
        }
    }
    count << 13 | (FULL13 - chosen) as i32
}

/// The doogie value of a word of suit masks, or a value of fewer than four cards (0 when a
/// suit is missing) where there is no doogie.
#[inline]
pub fn of_suits(suits: u64) -> i32 {
    let s = [0, 13, 26, 39].map(|shift| (suits >> shift) as u32 & FULL13);
    if s.contains(&0) {
        return 0; // a suit is missing: no doogie
    }
    let lows = s.map(|m| m & m.wrapping_neg());
    let union = lows[0] | lows[1] | lows[2] | lows[3];
    if lows.iter().sum::<u32>() == union {
        // Each suit's lowest card has its own rank: those four cards are the doogie.
        return 4 << 13 | (FULL13 - union) as i32;
    }
    greedy4(s)
}

/// The doogie of `hole` and `board` (up to ten cards in all), or [`NO_HAND`].
#[inline]
pub fn low_of(t: &Tables, hole: &[u8], board: &[u8]) -> i64 {
    let value = of_suits(suits_low(t, hole, board));
    if value >> 13 == 4 {
        i64::from(value)
    } else {
        NO_HAND
    }
}

/// Doogie's high half: [`PERFECT_DOOGIE_HIGH`] (A-2-3-4 in four suits), else the best five of
/// `hole` and `board` (5 to 10 cards in all).
#[inline]
pub fn high_of(t: &Tables, hole: &[u8], board: &[u8]) -> i32 {
    if of_suits(suits_low(t, hole, board) & ACE_TO_FOUR) == PERFECT_DOOGIE {
        return PERFECT_DOOGIE_HIGH;
    }
    high::pool_of(t, hole, board)
}

/// The doogie of `hole` and `board`, or [`NO_HAND`].
#[inline]
pub fn low(hole: &[u8], board: &[u8]) -> i64 {
    low_of(tables(), hole, board)
}

/// Doogie's high half of `hole` and `board`.
#[inline]
pub fn high(hole: &[u8], board: &[u8]) -> i64 {
    i64::from(high_of(tables(), hole, board))
}

/// The cards of the pool `cards` that make doogie `value` (as [`crate::badugi::used`]).
pub fn used_low(t: &Tables, cards: &[u8], value: i64) -> Vec<u8> {
    if value == NO_HAND {
        return Vec::new();
    }
    crate::badugi::used(t, cards, value as i32, false)
}

/// The cards of the pool `cards` that make Doogie high `value`: the perfect doogie's four, or
/// the high hand's five.
pub fn used_high(t: &Tables, cards: &[u8], value: i32) -> Vec<u8> {
    if value == PERFECT_DOOGIE_HIGH {
        return crate::badugi::used(t, cards, PERFECT_DOOGIE, false);
    }
    high::used(t, cards, value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse;

    #[test]
    fn the_perfect_doogie_tops_a_royal_flush() {
        let hole = parse("Ac 2d 3h 4s Kc Qc");
        let board = parse("Jc Tc Ah 9d");
        assert_eq!(high(&hole, &board), i64::from(PERFECT_DOOGIE_HIGH));
        assert_eq!(low(&hole, &board), i64::from(PERFECT_DOOGIE));
    }

    #[test]
    fn no_doogie_without_four_suits() {
        let hole = parse("Ac 2d 3h 4d Kc Qc");
        assert_eq!(low(&hole, &parse("Jc Tc Ah 9d")), NO_HAND);
        // A seven doogie: 7s is the only spade.
        let hole = parse("Ac 2d 3h 7s Kc Qc");
        assert_eq!(low(&hole, &[]) >> 13, 4);
    }

    #[test]
    fn doogie_matches_the_badugi_greedy() {
        let t = tables();
        let mut rng = crate::testing::Rng(11);
        for round in 0..20_000 {
            let cards = rng.cards(4 + round % 7);
            let greedy = crate::badugi::any_of(t, &cards, false);
            let want = if greedy >> 13 == 4 {
                i64::from(greedy)
            } else {
                NO_HAND
            };
            assert_eq!(low_of(t, &cards, &[]), want, "{cards:?}");
        }
    }
}
