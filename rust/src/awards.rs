//! Who wins each award of one pot, and each player's share: the one award decision that the
//! engine's showdown (through `splitpot.engine.awards`) and the study engine's tallies call.
//!
//! docs/rules.md "Doogie": a half goes to the best qualifying hand among those who declared
//! that way; a two-way declarer must win both halves outright, or tie only with the best
//! possible hand (when `tie_keeps`), or is out of both halves of the pot. An award nobody can
//! take goes to the others; when no award can be given the pot is split evenly among the
//! players not out, or among everyone when all are out.
//!
//! # API (allocation-free: bitmasks of players, fixed arrays; at most [`MAX_PLAYERS`] players
//! and [`MAX_AWARDS`] awards)
//!
//! - [`AwardRule`] per award (in the game's award order): `high_side` (the game's high award:
//!   who may contend when players declare), `qualifier` (the worst qualifying value) and
//!   `best_possible` (the tie exception of the two-way rule).
//! - `values`: player-major, `values[p * awards + a]` is player `p`'s raw value for award `a`
//!   ([`crate::kinds::NO_HAND`] for no hand).
//! - `ways`: per player [`CARDS_SPEAK`] (nobody declares: every player), [`HIGH`], [`LOW`] or
//!   [`BOTH`]; the pot is declared when any player's way is not `CARDS_SPEAK`.
//! - [`decide`]`(rules, values, ways, tie_keeps) -> Decision`: per award the contenders and
//!   winners (bitmasks, bit `p` = player `p`), the winning value and winner count; the players
//!   out of the pot (`out`, and `why[p]`: the failure and the award it happened on).
//! - [`Decision::units`]`(players, unit, share)`: each player's share of the pot in integer
//!   units (`unit` from [`unit_for`]: every split is exact, so sums never depend on order).

use crate::kinds::NO_HAND;

/// Nobody declares: every player contends for every award.
pub const CARDS_SPEAK: u8 = 0;
/// Declared high: contends for the game's high award only.
pub const HIGH: u8 = 1;
/// Declared low: contends for the other award only.
pub const LOW: u8 = 2;
/// Declared both ways (the two-way rule).
pub const BOTH: u8 = 3;
/// Players of one pot at most (bits of a `u16` mask).
pub const MAX_PLAYERS: usize = 16;
/// Awards of one game at most.
pub const MAX_AWARDS: usize = 4;

/// One award of a game, as the decision needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AwardRule {
    /// The game's high award (declared `HIGH` players contend for it), else the low side.
    pub high_side: bool,
    /// The worst value that may win the award (`None`: any hand).
    pub qualifier: Option<i64>,
    /// The best value the award can see: a two-way declarer tying with it keeps the pot.
    pub best_possible: Option<i64>,
}

impl AwardRule {
    /// True when a hand of raw `value` may win this award.
    #[inline(always)]
    pub fn qualifies(&self, value: i64) -> bool {
        value != NO_HAND && self.qualifier.is_none_or(|q| value >= q)
    }

    #[inline(always)]
    fn side(&self) -> u8 {
        if self.high_side {
            HIGH
        } else {
            LOW
        }
    }
}

/// Why a two-way declarer is out of the pot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// No qualifying hand for the award.
    NoQualifier,
    /// Another contender's hand beat it.
    Lost,
    /// Another contender's hand tied it (and it is not the best possible hand kept).
    Tied,
}

/// The decision of one pot; from [`decide`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decision {
    /// How many awards the game has.
    pub awards: usize,
    /// Per award, the players who may contend for it by their declaration.
    pub contenders: [u16; MAX_AWARDS],
    /// Per award, its winners (ties: several bits; nobody: 0).
    pub winners: [u16; MAX_AWARDS],
    /// Per award, how many won it.
    pub count: [u8; MAX_AWARDS],
    /// Per award, the winning value ([`NO_HAND`] when nobody won it).
    pub top: [i64; MAX_AWARDS],
    /// The two-way declarers out of the pot.
    pub out: u16,
    /// Per player out: the failure and the award (index) it happened on.
    pub why: [Option<(Failure, u8)>; MAX_PLAYERS],
}

/// The first failure of two-way declarer `p`, award by award, or `None` if it keeps the pot.
#[inline]
fn two_way_failure(
    p: usize,
    rules: &[AwardRule],
    values: &[i64],
    ways: &[u8],
    tie_keeps: bool,
) -> Option<(Failure, u8)> {
    let n = rules.len();
    for (a, rule) in rules.iter().enumerate() {
        let mine = values[p * n + a];
        if !rule.qualifies(mine) {
            return Some((Failure::NoQualifier, a as u8));
        }
        let side = rule.side();
        let mut tied = false;
        for (q, &way) in ways.iter().enumerate() {
            if q == p || way & side == 0 {
                continue;
            }
            let value = values[q * n + a];
            if !rule.qualifies(value) {
                continue;
            }
            if value > mine {
                return Some((Failure::Lost, a as u8));
            }
            tied |= value == mine;
        }
        if tied && !(tie_keeps && rule.best_possible == Some(mine)) {
            return Some((Failure::Tied, a as u8));
        }
    }
    None
}

/// Decide every award of a pot: `values` player-major (`values[p * rules.len() + a]`), `ways`
/// one per player (its length is the player count, at most [`MAX_PLAYERS`]; at most
/// [`MAX_AWARDS`] rules).
pub fn decide(rules: &[AwardRule], values: &[i64], ways: &[u8], tie_keeps: bool) -> Decision {
    let n = rules.len();
    let declared = ways.iter().any(|&w| w != CARDS_SPEAK);
    let mut d = Decision {
        awards: n,
        contenders: [0; MAX_AWARDS],
        winners: [0; MAX_AWARDS],
        count: [0; MAX_AWARDS],
        top: [NO_HAND; MAX_AWARDS],
        out: 0,
        why: [None; MAX_PLAYERS],
    };
    if declared {
        for (p, &way) in ways.iter().enumerate() {
            if way == BOTH {
                d.why[p] = two_way_failure(p, rules, values, ways, tie_keeps);
                d.out |= u16::from(d.why[p].is_some()) << p;
            }
        }
    }
    for (a, rule) in rules.iter().enumerate() {
        let side = rule.side();
        let (mut top, mut winners, mut count) = (NO_HAND, 0u16, 0u8);
        for (p, &way) in ways.iter().enumerate() {
            if declared && way & side == 0 {
                continue;
            }
            d.contenders[a] |= 1 << p;
            let value = values[p * n + a];
            if d.out >> p & 1 == 1 || !rule.qualifies(value) {
                continue;
            }
            if count == 0 || value > top {
                (top, winners, count) = (value, 1 << p, 1);
            } else if value == top {
                winners |= 1 << p;
                count += 1;
            }
        }
        (d.top[a], d.winners[a], d.count[a]) = (top, winners, count);
    }
    d
}

impl Decision {
    /// How many awards somebody won.
    #[inline]
    pub fn claimed(&self) -> usize {
        self.count[..self.awards].iter().filter(|&&c| c > 0).count()
    }

    /// Who shares the pot when no award can be given: the players not out; only if every one
    /// of them is out, all of them.
    #[inline]
    pub fn even_split(&self, players: usize) -> u16 {
        let all = if players >= 16 {
            u16::MAX
        } else {
            (1u16 << players) - 1
        };
        let keep = all & !self.out;
        if keep == 0 {
            all
        } else {
            keep
        }
    }

    /// Each player's share of the pot in units of `unit` a pot (from [`unit_for`]): each award
    /// somebody won is an equal part of the pot, split evenly among its winners; when nobody
    /// won any, the pot is split per [`Decision::even_split`]. Writes `share[..players]`.
    pub fn units(&self, players: usize, unit: i64, share: &mut [i64]) {
        share[..players].fill(0);
        let claimed = self.claimed() as i64;
        if claimed > 0 {
            for a in 0..self.awards {
                if self.count[a] == 0 {
                    continue;
                }
                let each = unit / claimed / i64::from(self.count[a]);
                for (p, s) in share.iter_mut().enumerate().take(players) {
                    if self.winners[a] >> p & 1 == 1 {
                        *s += each;
                    }
                }
            }
            return;
        }
        let split = self.even_split(players);
        let each = unit / i64::from(split.count_ones());
        for (p, s) in share.iter_mut().enumerate().take(players) {
            if split >> p & 1 == 1 {
                *s = each;
            }
        }
    }
}

/// Units in a whole pot of `players` players: every share (a part of the pot split among tied
/// players, or a pot split evenly) is a whole number of them (`2 * lcm(1..=players)`).
pub fn unit_for(players: usize) -> i64 {
    fn gcd(a: i64, b: i64) -> i64 {
        if b == 0 {
            a
        } else {
            gcd(b, a % b)
        }
    }
    2 * (1..=players as i64).fold(1, |l, k| l / gcd(l, k) * k)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PERFECT: i64 = 100;
    const RULES: [AwardRule; 2] = [
        AwardRule {
            high_side: true,
            qualifier: Some(10),
            best_possible: Some(PERFECT),
        },
        AwardRule {
            high_side: false,
            qualifier: Some(10),
            best_possible: Some(PERFECT),
        },
    ];

    fn units(d: &Decision, players: usize) -> Vec<i64> {
        let mut share = vec![0; players];
        d.units(players, unit_for(players), &mut share);
        share
    }

    #[test]
    fn a_two_way_tie_with_the_best_possible_hand_keeps_the_pot() {
        // Both declare both ways, both have the perfect high, player 0 the better low.
        let values = [PERFECT, 50, PERFECT, 40];
        let d = decide(&RULES, &values, &[BOTH, BOTH], true);
        assert_eq!(d.out, 0b10); // player 1 lost the low
        assert_eq!(d.why[1], Some((Failure::Lost, 1)));
        assert_eq!((d.winners[0], d.winners[1]), (0b01, 0b01));
        // Without the exception the tie puts player 0 out as well.
        let d = decide(&RULES, &values, &[BOTH, BOTH], false);
        assert_eq!(d.why[0], Some((Failure::Tied, 0)));
        assert_eq!(d.out, 0b11);
    }

    #[test]
    fn a_two_way_tie_below_the_best_possible_hand_is_out() {
        let values = [60, 50, 60, 20, 70, 20];
        let d = decide(&RULES, &values, &[BOTH, HIGH, LOW], true);
        assert_eq!(d.why[0], Some((Failure::Tied, 0)));
        assert_eq!(d.winners[0], 0b010);
        assert_eq!(d.winners[1], 0b100);
        assert_eq!(units(&d, 3), vec![0, 6, 6]);
    }

    #[test]
    fn an_award_nobody_takes_goes_to_the_other() {
        // Nobody qualifies low: the high winner takes the whole pot.
        let values = [60, 5, 50, 5];
        let d = decide(&RULES, &values, &[CARDS_SPEAK, CARDS_SPEAK], true);
        assert_eq!(d.count[1], 0);
        assert_eq!(units(&d, 2), vec![4, 0]);
    }

    #[test]
    fn the_even_split_is_among_those_not_out_or_everyone_when_all_are_out() {
        // Nobody qualifies for anything; player 0 declared both ways without a qualifier.
        let values = [5, 5, 5, 5, 5, 5];
        let d = decide(&RULES, &values, &[BOTH, HIGH, LOW], true);
        assert_eq!(d.why[0], Some((Failure::NoQualifier, 0)));
        assert_eq!(d.claimed(), 0);
        assert_eq!(d.even_split(3), 0b110);
        assert_eq!(units(&d, 3), vec![0, 6, 6]);
        // Everyone declared both ways and forfeited: all of them share it.
        let d = decide(&RULES, &values[..4], &[BOTH, BOTH], true);
        assert_eq!(d.out, 0b11);
        assert_eq!(units(&d, 2), vec![2, 2]);
    }

    #[test]
    fn ties_split_an_award_in_whole_units() {
        let rules = [AwardRule {
            high_side: true,
            qualifier: None,
            best_possible: None,
        }];
        let d = decide(&rules, &[7, 7, 3], &[CARDS_SPEAK; 3], true);
        assert_eq!(d.winners[0], 0b011);
        assert_eq!(units(&d, 3), vec![6, 6, 0]);
        assert_eq!(unit_for(6), 120);
    }
}
