//! One runout: deal the unknown hole cards, play the draws still to come, turn the rest of
//! the board, value every hand for every award.
//!
//! The order of the cards is the Python reference's: each seat's missing hole cards in seat
//! order, then at each draw the board up to that draw and each seat's replacements in turn,
//! then the rest of the board. Cards come from `seq`, a permutation of the unseen cards made
//! lazily by Fisher-Yates (only the cards a runout uses are shuffled into place); several
//! plays of one sample (the options of the discard advisor) read the same sequence, so they
//! are compared on common cards. When the stub runs out, the discards so far are reshuffled
//! and dealt from, as at the table (docs/rules.md "Drawing").

use super::draws::choose_mask;
use super::ranks::FiveCardTables;
use super::rng::Stream;
use super::spot::{Spot, BOTH, BY_CARDS, HIGH, LOW, MAX_AWARDS, MAX_PLAYERS};
use crate::kinds::{award_value, NO_HAND};

/// A thread's working state for the runouts of one spot (allocated once per thread).
pub struct Scratch {
    pub seq: Vec<u8>,
    /// Positions of `seq` already shuffled into place this sample.
    pub gen: usize,
    pool: [u8; 64],
    pool_top: usize,
    pool_n: usize,
    discards: [u8; 64],
    discards_n: usize,
    /// Set when even the reshuffled discards cannot deal a card.
    pub failed: bool,
    /// Where in `seq` the deferred replacements start (see [`play`]).
    pub deferred_at: usize,
    /// `players x h`.
    pub hands: Vec<u8>,
    pub board: [u8; 8],
    /// `decided[p][3 d ..]`: player `p`'s last policy decision at draw `d` (hand key,
    /// board key, throw).
    decided: Vec<i64>,
    /// `players x awards` raw values.
    pub values: [i64; MAX_PLAYERS * MAX_AWARDS],
    /// The cards `values[p]` were last computed from (hand and board masks).
    pub seen: [(i64, i64); MAX_PLAYERS],
    pub decl: [u8; MAX_PLAYERS],
}

impl Scratch {
    pub fn new(spot: &Spot) -> Self {
        Scratch {
            seq: spot.deck.clone(),
            gen: 0,
            pool: [0; 64],
            pool_top: 0,
            pool_n: 0,
            discards: [0; 64],
            discards_n: 0,
            failed: false,
            deferred_at: 0,
            hands: vec![0; spot.players * spot.h],
            board: [0; 8],
            decided: vec![-1; spot.players * 3 * spot.draws.len().max(1)],
            values: [0; MAX_PLAYERS * MAX_AWARDS],
            seen: [(-1, -1); MAX_PLAYERS],
            decl: [0; MAX_PLAYERS],
        }
    }

    /// The next card once the stub is gone: from the discards so far, reshuffled.
    fn deal_from_pool(&mut self, shuffle: &mut Stream) -> u8 {
        if self.pool_top == self.pool_n {
            let n = self.discards_n;
            if n == 0 {
                self.failed = true;
                return 0;
            }
            self.pool[..n].copy_from_slice(&self.discards[..n]);
            self.pool_n = n;
            self.pool_top = 0;
            self.discards_n = 0;
        }
        let top = self.pool_top;
        let j = top + shuffle.below((self.pool_n - top) as u64) as usize;
        self.pool.swap(j, top);
        self.pool_top = top + 1;
        self.pool[top]
    }

    /// The card at `*pos` (shuffled into place if not yet); advances `*pos`.
    #[inline(always)]
    fn take(&mut self, pos: &mut usize, rng: &mut Stream, shuffle: &mut Stream) -> u8 {
        let len = self.seq.len();
        if *pos < len {
            let p = *pos;
            if p == self.gen {
                let j = p + rng.below((len - p) as u64) as usize;
                self.seq.swap(j, p);
                self.gen = p + 1;
            }
            *pos = p + 1;
            return self.seq[p];
        }
        self.deal_from_pool(shuffle)
    }
}

#[inline(always)]
fn ordered_key(row: &[u8]) -> i64 {
    row.iter().fold(0i64, |key, &c| key << 6 | c as i64)
}

#[inline(always)]
pub fn card_mask(row: &[u8]) -> i64 {
    row.iter().fold(0i64, |mask, &c| mask | 1 << c)
}

/// Deal and draw variant `v` of one runout into `s.hands` and `s.board`; false when the
/// cards run out. `s.gen` must be 0 at the first play of a sample and `s.seq` the unseen
/// cards in deck order; `rng` shuffles `seq`, `shuffle` (a stream started afresh for each
/// variant) the reshuffled discards.
///
/// With `spot.defer` (one draw to come, and never a reshuffle), a seat with a fixed throw
/// gets its replacements last, after the board, from `seq[s.deferred_at..]`: the same odds,
/// and every other card of a sample is then the same whatever that throw.
pub fn play(
    v: usize,
    spot: &Spot,
    ft: &FiveCardTables,
    s: &mut Scratch,
    rng: &mut Stream,
    shuffle: &mut Stream,
) -> bool {
    let h = spot.h;
    let players = spot.players;
    s.pool_top = 0;
    s.pool_n = 0;
    s.discards_n = 0;
    let mut pos = 0usize;
    for p in 0..players {
        let n = spot.known_n[p];
        s.hands[p * h..p * h + n].copy_from_slice(&spot.known_row(p)[..n]);
        for i in n..h {
            s.hands[p * h + i] = s.take(&mut pos, rng, shuffle);
        }
    }
    let mut nb = spot.nb0;
    s.board[..nb].copy_from_slice(&spot.board0[..nb]);
    let mut thrown = [0u8; 16];
    for (d, draw) in spot.draws.iter().enumerate() {
        while nb < draw.board_before {
            s.board[nb] = s.take(&mut pos, rng, shuffle);
            nb += 1;
        }
        let board_key = card_mask(&s.board[..nb]) | (nb as i64) << 52;
        for p in 0..players {
            let mut mask = if d == 0 {
                spot.fixed[v * players + p]
            } else {
                -1
            };
            let deferred = mask >= 0 && spot.defer;
            if mask < 0 {
                let row = &s.hands[p * h..(p + 1) * h];
                let key = ordered_key(row);
                let at = p * 3 * spot.draws.len() + 3 * d;
                if s.decided[at] == key && s.decided[at + 1] == board_key {
                    mask = s.decided[at + 2];
                } else {
                    mask = choose_mask(
                        row,
                        &s.board[..nb],
                        draw.limit,
                        spot.policy,
                        &spot.awards,
                        ft,
                    ) as i64;
                    s.decided[at] = key;
                    s.decided[at + 1] = board_key;
                    s.decided[at + 2] = mask;
                }
            }
            if mask == 0 {
                continue;
            }
            let mut kept = 0;
            let mut out = 0;
            for i in 0..h {
                let c = s.hands[p * h + i];
                if mask >> i & 1 != 0 {
                    thrown[out] = c;
                    out += 1;
                } else {
                    s.hands[p * h + kept] = c;
                    kept += 1;
                }
            }
            if !deferred {
                for i in kept..h {
                    s.hands[p * h + i] = s.take(&mut pos, rng, shuffle);
                }
            }
            // the thrown cards join the discards only after the replacements
            let base = s.discards_n;
            s.discards[base..base + out].copy_from_slice(&thrown[..out]);
            s.discards_n = base + out;
        }
        if s.failed {
            return false;
        }
    }
    while nb < spot.b {
        s.board[nb] = s.take(&mut pos, rng, shuffle);
        nb += 1;
    }
    s.deferred_at = pos;
    if spot.defer && !spot.draws.is_empty() {
        for p in 0..players {
            let mask = spot.fixed[v * players + p];
            if mask > 0 {
                for i in h - mask.count_ones() as usize..h {
                    s.hands[p * h + i] = s.take(&mut pos, rng, shuffle);
                }
            }
        }
    }
    !s.failed
}

/// A deferred seat's hand after throwing `mask` from `known`: the kept cards in order, then
/// the replacements from `seq[at..]` (as [`play`] deals them when deferring).
pub fn replace_thrown(
    s: &mut Scratch,
    p: usize,
    known: &[u8],
    h: usize,
    mask: i64,
    rng: &mut Stream,
) {
    let mut kept = 0;
    for (i, &c) in known.iter().enumerate().take(h) {
        if mask >> i & 1 == 0 {
            s.hands[p * h + kept] = c;
            kept += 1;
        }
    }
    let len = s.seq.len();
    for (pos, i) in (s.deferred_at..).zip(kept..h) {
        if pos == s.gen {
            let j = pos + rng.below((len - pos) as u64) as usize;
            s.seq.swap(j, pos);
            s.gen = pos + 1;
        }
        s.hands[p * h + i] = s.seq[pos];
    }
}

/// Every player's raw value for every award (`NO_HAND` where none), into `s.values`; a hand
/// met again (on the same board, or any board for an award of the hole cards alone) is not
/// valued again.
pub fn values_of(spot: &Spot, s: &mut Scratch) {
    let h = spot.h;
    let count = spot.awards.len();
    let board = &s.board[..spot.b];
    let board_mask = card_mask(board);
    for p in 0..spot.players {
        let row = &s.hands[p * h..(p + 1) * h];
        let hand_mask = card_mask(row);
        let same_hand = s.seen[p].0 == hand_mask;
        let same_board = s.seen[p].1 == board_mask;
        for (a, award) in spot.awards.iter().enumerate() {
            if same_hand && (same_board || award.hole_only) {
                continue;
            }
            s.values[p * count + a] = award_value(award.kind, award.aces_high, row, board);
        }
        s.seen[p] = (hand_mask, board_mask);
    }
}

/// Resolve the declarations of variant `v` into `s.decl`: `BY_CARDS` becomes what
/// `splitpot.equity.policy.declare_by_cards` picks from the values.
pub fn declare(spot: &Spot, v: usize, s: &mut Scratch) {
    let count = spot.awards.len();
    let players = spot.players;
    for p in 0..players {
        let wanted = spot.wanted[v * players + p];
        let mut way = wanted as u8;
        if wanted == BY_CARDS {
            let (mut high_ok, mut low_ok, mut has_low) = (false, false, false);
            for (a, award) in spot.awards.iter().enumerate() {
                let value = s.values[p * count + a];
                let ok = award.rule.qualifies(value);
                if award.rule.high_side {
                    high_ok = ok;
                } else {
                    low_ok = ok;
                    has_low = value != NO_HAND;
                }
            }
            way = if high_ok && low_ok {
                BOTH
            } else if high_ok {
                HIGH
            } else if low_ok || has_low {
                LOW
            } else {
                HIGH
            };
        }
        s.decl[p] = way;
    }
}
