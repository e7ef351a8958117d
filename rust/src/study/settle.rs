//! Settling one final deal into the tallies: who wins each award, each player's share of
//! the pot in integer units (so sums over runouts are exact and do not depend on the order
//! they are added in: threads, chunks).

use super::spot::{Award, Spot, BOTH, CARDS_SPEAK, EQ, EQ2, MAX_AWARDS, MAX_PLAYERS, SCOOP, WINS};

/// What [`decide`] found for one deal.
pub struct Decision {
    /// Per award: how many players won it (0: nobody may take it) and the winning value.
    pub winners: [i64; MAX_AWARDS],
    pub top: [i64; MAX_AWARDS],
    /// A two-way declarer out of the pot.
    pub out: [bool; MAX_PLAYERS],
    /// Units of the pot won.
    pub share: [i64; MAX_PLAYERS],
}

/// A two-way declarer who did not win both halves outright (nor tie the best hand).
fn two_way_failed(p: usize, values: &[i64], awards: &[Award], decl: &[i64], keeps: bool) -> bool {
    let count = awards.len();
    let players = decl.len();
    for (a, award) in awards.iter().enumerate() {
        let mine = values[p * count + a];
        if !award.qualifies(mine) {
            return true;
        }
        let mut tied = false;
        for q in 0..players {
            if q == p || decl[q] & award.side == 0 {
                continue;
            }
            let value = values[q * count + a];
            if !award.qualifies(value) {
                continue;
            }
            if value > mine {
                return true;
            }
            if value == mine {
                tied = true;
            }
        }
        if tied && !(keeps && award.best == Some(mine)) {
            return true;
        }
    }
    false
}

/// Settle one final deal: `values[p * awards + a]` every player's raw value per award,
/// `decl` each player's declaration ([`CARDS_SPEAK`] for all when nobody declares).
pub fn decide(values: &[i64], awards: &[Award], decl: &[i64], keeps: bool, unit: i64) -> Decision {
    let players = decl.len();
    let count = awards.len();
    let declared = decl[0] != CARDS_SPEAK;
    let mut d = Decision {
        winners: [0; MAX_AWARDS],
        top: [0; MAX_AWARDS],
        out: [false; MAX_PLAYERS],
        share: [0; MAX_PLAYERS],
    };
    if declared {
        for p in 0..players {
            d.out[p] = decl[p] == BOTH && two_way_failed(p, values, awards, decl, keeps);
        }
    }
    let mut claimed = 0;
    for (a, award) in awards.iter().enumerate() {
        let mut top = crate::kinds::NO_HAND;
        let mut n = 0;
        for p in 0..players {
            if d.out[p] || (declared && decl[p] & award.side == 0) {
                continue;
            }
            let value = values[p * count + a];
            if !award.qualifies(value) {
                continue;
            }
            if n == 0 || value > top {
                top = value;
                n = 1;
            } else if value == top {
                n += 1;
            }
        }
        d.winners[a] = n;
        d.top[a] = top;
        if n > 0 {
            claimed += 1;
        }
    }
    if claimed > 0 {
        for (a, award) in awards.iter().enumerate() {
            let n = d.winners[a];
            if n == 0 {
                continue;
            }
            let each = unit / claimed / n;
            for p in 0..players {
                if d.out[p] || (declared && decl[p] & award.side == 0) {
                    continue;
                }
                if values[p * count + a] == d.top[a] {
                    d.share[p] += each;
                }
            }
        }
        return d;
    }
    let staying = (0..players).filter(|&p| !d.out[p]).count() as i64;
    for p in 0..players {
        if staying == 0 {
            d.share[p] = unit / players as i64;
        } else if !d.out[p] {
            d.share[p] = unit / staying;
        }
    }
    d
}

/// Settle one final deal and add it to `rows` (players x `spot.width()`).
pub fn tally(values: &[i64], spot: &Spot, decl: &[i64], rows: &mut [i64]) {
    let awards = &spot.awards;
    let unit = spot.unit;
    let d = decide(values, awards, decl, spot.tie_keeps, unit);
    let count = awards.len();
    let width = spot.width();
    let declared = decl[0] != CARDS_SPEAK;
    for (a, award) in awards.iter().enumerate() {
        let n = d.winners[a];
        if n == 0 {
            continue;
        }
        for p in 0..decl.len() {
            if d.out[p] || (declared && decl[p] & award.side == 0) {
                continue;
            }
            if values[p * count + a] == d.top[a] {
                if n == 1 {
                    rows[p * width + WINS + a] += 1;
                } else {
                    rows[p * width + WINS + count + a] += unit / n;
                }
            }
        }
    }
    for p in 0..decl.len() {
        let s = d.share[p];
        let row = &mut rows[p * width..(p + 1) * width];
        row[EQ] += s;
        row[EQ2] += s * s;
        if s == unit {
            row[SCOOP] += 1;
        }
    }
}
