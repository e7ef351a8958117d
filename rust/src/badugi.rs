//! Badugi: the largest set of cards with no repeated rank and no repeated suit; then the lowest.
//!
//! Value: `count << 13 | (0x1FFF - rank_mask)` (the rank mask aces low, or with aces high the
//! deuce lowest), bigger wins. Four and five cards: the cards are sorted by a sorting network
//! (aces high: each card first turned one rank lower, so the ace sorts below the deuce) and
//! their colex rank reads `badugi4` / `badugi5`. Other counts: the cards' bits in a word of 13
//! rank nibbles of suit flags, and the greedy of [`badugi_from_nibbles`] on it (taking ranks
//! lowest first while a matching of ranks to distinct suits exists: the sets of ranks that can
//! take distinct suits form a matroid, so this is the best hand, not the greedy over cards that
//! makes 2s 2h 3s Kd a 3-2).

use crate::tables::{badugi_from_nibbles, tables, Tables, BADUGI4_SIZE, BADUGI5_SIZE};

/// Card `c`; aces high: the card one rank lower, the ace becoming the lowest.
#[inline(always)]
fn turned(c: u8, aces_high: bool) -> usize {
    let c = c as usize;
    if aces_high {
        if c < 4 {
            c + 48
        } else {
            c - 4
        }
    } else {
        c
    }
}

/// The compare-exchange of the four-card network: the compiler's own (its conditional moves stay
/// there, and measured faster than [`sort2`]'s in the four-card batch and the Monte Carlo).
#[inline(always)]
fn sort2_plain(a: &mut usize, b: &mut usize) {
    let (x, y) = (*a.min(b), *a.max(b));
    *a = x;
    *b = y;
}

/// The compare-exchange of the five-card network, by [`crate::cmov::sorted`] (there the compiler
/// made branches of it).
#[inline(always)]
fn sort2(a: &mut usize, b: &mut usize) {
    let (x, y) = crate::cmov::sorted(*a as u64, *b as u64);
    *a = x as usize;
    *b = y as usize;
}

#[inline]
fn four(t: &Tables, cards: &[u8], aces_high: bool) -> i32 {
    let [mut a, mut b, mut c, mut d] = [0, 1, 2, 3].map(|i| turned(cards[i], aces_high));
    sort2_plain(&mut a, &mut b);
    sort2_plain(&mut c, &mut d);
    sort2_plain(&mut a, &mut c);
    sort2_plain(&mut b, &mut d);
    sort2_plain(&mut b, &mut c);
    let k = &t.binom;
    let index = a + (k[2][b & 63] + k[3][c & 63] + k[4][d & 63]) as usize;
    i32::from(t.badugi4[index & (BADUGI4_SIZE - 1)])
}

#[inline]
fn five(t: &Tables, cards: &[u8], aces_high: bool) -> i32 {
    let [mut a, mut b, mut c, mut d, mut e] = [0, 1, 2, 3, 4].map(|i| turned(cards[i], aces_high));
    // A nine-comparator sorting network for five.
    sort2(&mut a, &mut b);
    sort2(&mut d, &mut e);
    sort2(&mut c, &mut e);
    sort2(&mut c, &mut d);
    sort2(&mut a, &mut d);
    sort2(&mut a, &mut c);
    sort2(&mut b, &mut e);
    sort2(&mut b, &mut d);
    sort2(&mut b, &mut c);
    let k = &t.binom;
    let index = a + (k[2][b & 63] + k[3][c & 63] + k[4][d & 63] + k[5][e & 63]) as usize;
    i32::from(t.badugi5[index & (BADUGI5_SIZE - 1)])
}

/// Any number of cards: the greedy on the word of rank nibbles.
#[inline]
pub fn any_of(t: &Tables, cards: &[u8], aces_high: bool) -> i32 {
    let nibbles = if aces_high {
        &t.nibble_high
    } else {
        &t.nibble_low
    };
    badugi_from_nibbles(cards.iter().fold(0, |w, &c| w | nibbles[c as usize]))
}

/// The Badugi value of `cards` (any count).
#[inline]
pub fn value_of(t: &Tables, cards: &[u8], aces_high: bool) -> i32 {
    match cards.len() {
        4 => four(t, cards, aces_high),
        5 => five(t, cards, aces_high),
        _ => any_of(t, cards, aces_high),
    }
}

/// The Badugi value of `cards` (any count), aces low or high.
#[inline]
pub fn value(cards: &[u8], aces_high: bool) -> i64 {
    i64::from(value_of(tables(), cards, aces_high))
}

/// The cards of `cards` that make Badugi `value` (the first set, in combination order, of
/// distinct ranks and suits that does), highest first (aces low, or high); empty when none.
pub fn used(t: &Tables, cards: &[u8], value: i32, aces_high: bool) -> Vec<u8> {
    let count = (value >> 13) as usize;
    let mut found = Vec::new();
    crate::combos::each(cards.len(), count, |i| {
        if !found.is_empty() {
            return;
        }
        let pick: Vec<u8> = i.iter().map(|&j| cards[j]).collect();
        let (mut ranks, mut suits) = (0u32, 0u32);
        for &c in &pick {
            ranks |= 1 << (c >> 2);
            suits |= 1 << (c & 3);
        }
        if ranks.count_ones() as usize == count
            && suits.count_ones() as usize == count
            && any_of(t, &pick, aces_high) == value
        {
            found = pick;
        }
    });
    let order = |c: u8| {
        if aces_high {
            c >> 2
        } else {
            ((c >> 2) + 1) % 13
        }
    };
    found.sort_unstable_by_key(|&c| std::cmp::Reverse(order(c)));
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse;

    fn of(text: &str, aces_high: bool) -> i64 {
        value(&parse(text), aces_high)
    }

    #[test]
    fn badugi_is_not_the_greedy_over_cards() {
        // 2s 2h 3s Kd: a 3-card K-3-2 (2h 3s Kd), not a 2-card 3-2.
        let mask = 1 << 12 | 1 << 2 | 1 << 1; // aces low: K = 12, 3 = 2, 2 = 1
        assert_eq!(of("2s 2h 3s Kd", false), 3 << 13 | (0x1FFF - mask));
        let cards = parse("2s 2h 3s Kd");
        let t = tables();
        assert_eq!(
            used(t, &cards, value_of(t, &cards, false), false),
            parse("Kd 3s 2h")
        );
    }

    #[test]
    fn the_tables_equal_the_greedy_on_seeded_hands() {
        let t = tables();
        let mut rng = crate::testing::Rng(3);
        for round in 0..50_000 {
            let cards = rng.cards(4 + round % 2);
            for aces_high in [false, true] {
                assert_eq!(
                    value_of(t, &cards, aces_high),
                    any_of(t, &cards, aces_high),
                    "{cards:?}"
                );
            }
        }
    }

    #[test]
    fn aces_high_puts_the_ace_on_top() {
        assert!(of("Ac 2d 3h 4s", false) > of("2c 3d 4h 5s", false));
        assert!(of("Ac 2d 3h 4s", true) < of("2c 3d 4h 5s", true));
        assert_eq!(of("2c 3d 4h 5s 6c", true), of("2c 3d 4h 5s", true));
    }
}
