//! Settling one final deal into the tallies with the core's one award decision
//! ([`crate::awards::decide`]): each player's share of the pot in integer units (so sums over
//! runouts are exact and do not depend on the order they are added in: threads, chunks), the
//! runouts won alone and the units of each award won through ties.

use super::spot::{Spot, EQ, EQ2, MAX_PLAYERS, SCOOP, WINS};
use crate::awards::decide;

/// Settle one final deal (`values[p * awards + a]`, `decl` each player's way) and add it to
/// `rows` (players x `spot.width()`).
#[inline]
pub fn tally(values: &[i64], spot: &Spot, decl: &[u8], rows: &mut [i64]) {
    let players = decl.len();
    let count = spot.awards.len();
    let unit = spot.unit;
    let d = decide(
        &spot.rules,
        &values[..players * count],
        decl,
        spot.tie_keeps,
    );
    let mut share = [0i64; MAX_PLAYERS];
    d.units(players, unit, &mut share);
    let width = spot.width();
    for a in 0..count {
        let n = i64::from(d.count[a]);
        if n == 0 {
            continue;
        }
        for p in 0..players {
            if d.winners[a] >> p & 1 == 1 {
                if n == 1 {
                    rows[p * width + WINS + a] += 1;
                } else {
                    rows[p * width + WINS + count + a] += unit / n;
                }
            }
        }
    }
    for p in 0..players {
        let s = share[p];
        let row = &mut rows[p * width..(p + 1) * width];
        row[EQ] += s;
        row[EQ2] += s * s;
        if s == unit {
            row[SCOOP] += 1;
        }
    }
}
