//! Monte Carlo: seeded, chunked, the same totals on any thread count.
//!
//! Sample `i` deals from its own random stream ([`Stream::start`]`(seed, i)`) and a fresh
//! copy of the unseen cards, and reshuffles discards, if it must, from a second one; so a
//! sample's runout depends on the seed and its number only. Samples are shared out among
//! threads in chunks of [`CHUNK`]; the tallies are integers, so they add up to the same
//! result in any order, on any thread count. An option of the discard advisor gets the very
//! runouts that the equity of that discard alone deals with the same seed.
//!
//! Each sample is played once per variant (the options of the discard advisor: every option
//! on the same cards), or once and settled per variant when the variants differ only in
//! declarations (`shared`: Doogie's declaration odds). When the variants differ only in one
//! seat's throw and that seat's replacements come last (`hero`), the sample is played once,
//! the others valued once, and each further variant only rebuilds and values that hand.

use rayon::prelude::*;

use super::ranks::{five_card_tables, FiveCardTables};
use super::rng::{Stream, CHUNK};
use super::runout::{declare, play, replace_thrown, values_of, Scratch};
use super::settle::tally;
use super::spot::Spot;
use crate::kinds::award_value;

/// The reshuffles' streams are not the deals' streams.
const POOL_SALT: u64 = 0x5_DEEC_E66D;

/// How a Monte Carlo run plays its variants.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    pub samples: u64,
    pub seed: u64,
    /// The variants differ only in declarations: each sample is played once.
    pub shared: bool,
    /// `Some(p)`: the variants differ only in seat `p`'s deferred throw.
    pub hero: Option<usize>,
}

/// Play chunks `first..last` into `rows`; false when a runout ran out of cards.
fn chunks(
    spot: &Spot,
    plan: &Plan,
    ft: &FiveCardTables,
    first: u64,
    last: u64,
    rows: &mut [i64],
) -> bool {
    let mut s = Scratch::new(spot);
    let block = spot.players * spot.width();
    let pool_seed = plan.seed ^ POOL_SALT;
    let end = (last * CHUNK).min(plan.samples);
    for sample in first * CHUNK..end {
        let mut rng = Stream::start(plan.seed, sample);
        s.restart();
        if let Some(hero) = plan.hero {
            if !hero_variants(spot, ft, hero, &mut s, &mut rng, pool_seed, sample, rows) {
                return false;
            }
            continue;
        }
        for v in 0..spot.variants {
            if v == 0 || !plan.shared {
                let mut shuffle = Stream::start(pool_seed, sample);
                if !play(v, spot, ft, &mut s, &mut rng, &mut shuffle) {
                    return false;
                }
                values_of(spot, &mut s);
            }
            declare(spot, v, &mut s);
            let (values, decl) = (&s.values, &s.decl[..spot.players]);
            tally(values, spot, decl, &mut rows[v * block..(v + 1) * block]);
        }
    }
    true
}

/// One sample, every variant: played once, then only `hero`'s hand again per variant.
#[allow(clippy::too_many_arguments)]
fn hero_variants(
    spot: &Spot,
    ft: &FiveCardTables,
    hero: usize,
    s: &mut Scratch,
    rng: &mut Stream,
    pool_seed: u64,
    sample: u64,
    rows: &mut [i64],
) -> bool {
    let block = spot.players * spot.width();
    let mut shuffle = Stream::start(pool_seed, sample);
    if !play(0, spot, ft, s, rng, &mut shuffle) {
        return false;
    }
    values_of(spot, s);
    declare(spot, 0, s);
    tally(&s.values, spot, &s.decl[..spot.players], &mut rows[..block]);
    let h = spot.h;
    let count = spot.awards.len();
    let known = spot.known_row(hero);
    for v in 1..spot.variants {
        replace_thrown(s, hero, known, h, spot.fixed[v * spot.players + hero], rng);
        let row = &s.hands[hero * h..(hero + 1) * h];
        let board = &s.board[..spot.b];
        for (a, award) in spot.awards.iter().enumerate() {
            s.values[hero * count + a] = award_value(award.kind, award.aces_high, row, board);
        }
        declare(spot, v, s);
        tally(
            &s.values,
            spot,
            &s.decl[..spot.players],
            &mut rows[v * block..(v + 1) * block],
        );
    }
    s.seen[hero].0 = -1; // the hero's values are the last variant's, not the next play's
    true
}

/// Sample chunks `begin..end` of a run of `plan.samples` into `rows` (variants x players x
/// width), on `threads` threads (the totals do not change); false when a runout ran out of
/// cards.
pub fn monte_carlo(
    spot: &Spot,
    plan: &Plan,
    begin: u64,
    end: u64,
    threads: usize,
    rows: &mut [i64],
) -> bool {
    let ft = five_card_tables();
    if threads <= 1 || plan.samples <= CHUNK || end - begin < 2 {
        return chunks(spot, plan, ft, begin, end, rows);
    }
    let groups = (2 * threads as u64).min(end - begin);
    let span = end - begin;
    let run = || {
        (0..groups)
            .into_par_iter()
            .map(|g| {
                let first = begin + span * g / groups;
                let last = begin + span * (g + 1) / groups;
                let mut part = vec![0i64; rows.len()];
                let ok = chunks(spot, plan, ft, first, last, &mut part);
                (ok, part)
            })
            .collect::<Vec<_>>()
    };
    let parts = super::on_threads(threads, run);
    let mut ok = true;
    for (good, part) in parts {
        ok &= good;
        for (r, x) in rows.iter_mut().zip(part) {
            *r += x;
        }
    }
    ok
}
