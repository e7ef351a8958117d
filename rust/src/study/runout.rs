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
use super::spot::{Spot, BOTH, BY_CARDS, HIGH, LOW, MAX_AWARDS, MAX_HOLE, MAX_PLAYERS};
use crate::kinds::{self, award_value_of, NO_HAND};
use crate::tables::{tables, Tables};

/// A thread's working state for the runouts of one spot (allocated once per thread).
pub struct Scratch {
    /// The unseen cards (the first `seq_n`), lazily shuffled: see [`Scratch::restart`].
    pub seq: [u8; 52],
    seq_n: usize,
    /// The unseen cards in deck order.
    deck: [u8; 52],
    /// Positions of `seq` already shuffled into place this sample.
    pub gen: usize,
    pool: [u8; 64],
    pool_top: usize,
    pool_n: usize,
    /// The thrown cards not yet reshuffled (room for one more throw past the deck).
    discards: [u8; 64 + MAX_HOLE],
    discards_n: usize,
    /// The stub can run out: only then are the thrown cards kept for a reshuffle.
    reshuffles: bool,
    /// Set when even the reshuffled discards cannot deal a card.
    pub failed: bool,
    /// Where in `seq` the deferred replacements start (see [`play`]).
    pub deferred_at: usize,
    /// `players x h`.
    pub hands: [u8; MAX_PLAYERS * MAX_HOLE],
    pub board: [u8; 8],
    /// `decided[p * draws + d]`: player `p`'s last policy decision at draw `d` (hand key,
    /// board key, throw).
    decided: Vec<[i64; 3]>,
    /// `players x awards` raw values.
    pub values: [i64; MAX_PLAYERS * MAX_AWARDS],
    /// The cards `values[p]` were last computed from (hand and board masks).
    pub seen: [(i64, i64); MAX_PLAYERS],
    pub decl: [u8; MAX_PLAYERS],
}

impl Scratch {
    pub fn new(spot: &Spot) -> Self {
        let mut deck = [0u8; 52];
        deck[..spot.deck.len()].copy_from_slice(&spot.deck);
        Scratch {
            seq: deck,
            seq_n: spot.deck.len(),
            deck,
            gen: 0,
            pool: [0; 64],
            pool_top: 0,
            pool_n: 0,
            discards: [0; 64 + MAX_HOLE],
            discards_n: 0,
            reshuffles: most_dealt(spot) > spot.deck.len(),
            failed: false,
            deferred_at: 0,
            hands: [0; MAX_PLAYERS * MAX_HOLE],
            board: [0; 8],
            decided: vec![[-1; 3]; spot.players * spot.draws.len().max(1)],
            values: [0; MAX_PLAYERS * MAX_AWARDS],
            seen: [(-1, -1); MAX_PLAYERS],
            decl: [0; MAX_PLAYERS],
        }
    }

    /// Start a sample: `seq` back to the unseen cards in deck order, none shuffled yet.
    #[inline]
    pub fn restart(&mut self) {
        self.seq = self.deck;
        self.gen = 0;
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
        let len = self.seq_n;
        let p = *pos;
        if p < len {
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

    /// Player `p`'s throw at draw `d` by the policy (`h` cards, the board `nb` cards, its key
    /// `board_key`): the last decision again when the hand and board are the same.
    #[inline(always)]
    fn policy_throw(
        &mut self,
        spot: &Spot,
        ft: &FiveCardTables,
        at: (usize, usize),
        h: usize,
        nb: usize,
        board_key: i64,
    ) -> u32 {
        let (p, d) = at;
        let row = &self.hands[p * h..(p + 1) * h];
        let key = ordered_key(row);
        let slot = &mut self.decided[p * spot.draws.len() + d];
        if slot[0] == key && slot[1] == board_key {
            return slot[2] as u32;
        }
        let draw = &spot.draws[d];
        let mask = choose_mask(
            row,
            &self.board[..nb],
            draw.limit,
            spot.policy,
            &spot.awards,
            ft,
        );
        *slot = [key, board_key, i64::from(mask)];
        mask
    }

    /// Player `p` throws the positions of `mask` (`h` cards): the kept cards close up in
    /// order, then the replacements are dealt behind them (unless `deferred`: [`play`] deals
    /// them last); the thrown cards join the discards after the replacements.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn redraw(
        &mut self,
        p: usize,
        h: usize,
        mask: u32,
        deferred: bool,
        pos: &mut usize,
        rng: &mut Stream,
        shuffle: &mut Stream,
    ) {
        let base = p * h;
        let mut thrown = [0u8; MAX_HOLE];
        let (mut kept, mut out) = (0, 0);
        for i in 0..h {
            // no branch on the throw: each card is written to both places, the counts move
            let c = self.hands[base + i];
            let throw = (mask >> i & 1) as usize;
            thrown[out] = c;
            self.hands[base + kept] = c;
            out += throw;
            kept += 1 - throw;
        }
        if !deferred {
            for i in kept..h {
                self.hands[base + i] = self.take(pos, rng, shuffle);
            }
        }
        if self.reshuffles {
            let n = self.discards_n;
            self.discards[n..n + MAX_HOLE].copy_from_slice(&thrown);
            self.discards_n = n + out;
        }
    }
}

/// The most cards a runout of `spot` can deal: the missing hole cards, the rest of the
/// board, and a whole hand at every draw for every player.
fn most_dealt(spot: &Spot) -> usize {
    let missing: usize = spot.known_n.iter().map(|&n| spot.h - n).sum();
    missing + (spot.b - spot.nb0) + spot.draws.len() * spot.players * spot.h
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
/// cards in deck order ([`Scratch::restart`]); `rng` shuffles `seq`, `shuffle` (a stream
/// started afresh for each variant) the reshuffled discards.
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
    // the streams are copied in and out, so that they stay in registers (a store through
    // `s` might otherwise be a store to them); the common hand sizes get loops of a known
    // length
    let (mut deal, mut reshuffle) = (*rng, *shuffle);
    let ok = match spot.h {
        4 => play_of::<4>(v, spot, ft, s, &mut deal, &mut reshuffle),
        5 => play_of::<5>(v, spot, ft, s, &mut deal, &mut reshuffle),
        _ => play_of::<0>(v, spot, ft, s, &mut deal, &mut reshuffle),
    };
    (*rng, *shuffle) = (deal, reshuffle);
    ok
}

/// [`play`] for hands of `H` cards (`H` = 0: `spot.h`).
#[inline(always)]
fn play_of<const H: usize>(
    v: usize,
    spot: &Spot,
    ft: &FiveCardTables,
    s: &mut Scratch,
    rng: &mut Stream,
    shuffle: &mut Stream,
) -> bool {
    let h = if H == 0 { spot.h } else { H };
    let players = spot.players;
    s.pool_top = 0;
    s.pool_n = 0;
    s.discards_n = 0;
    let mut pos = 0usize;
    for p in 0..players {
        // the known cards (a row is padded behind them), then the missing ones dealt
        s.hands[p * h..(p + 1) * h].copy_from_slice(spot.known_row(p));
        for i in spot.known_n[p]..h {
            s.hands[p * h + i] = s.take(&mut pos, rng, shuffle);
        }
    }
    let mut nb = spot.nb0;
    s.board = spot.board0;
    for (d, draw) in spot.draws.iter().enumerate() {
        while nb < draw.board_before {
            s.board[nb] = s.take(&mut pos, rng, shuffle);
            nb += 1;
        }
        let board_key = card_mask(&s.board[..nb]) | (nb as i64) << 52;
        for p in 0..players {
            let fixed = if d == 0 {
                spot.fixed[v * players + p]
            } else {
                -1
            };
            let mask = if fixed >= 0 {
                fixed as u32
            } else {
                s.policy_throw(spot, ft, (p, d), h, nb, board_key)
            };
            if mask != 0 {
                let deferred = fixed >= 0 && spot.defer;
                s.redraw(p, h, mask, deferred, &mut pos, rng, shuffle);
            }
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
    let len = s.seq_n;
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
    let board_mask = card_mask(&s.board[..spot.b]);
    // the players whose hand changed, and those whose hand or board did (a bit each)
    let (mut new_hand, mut new_cards) = (0u16, 0u16);
    for p in 0..spot.players {
        let hand_mask = card_mask(&s.hands[p * h..(p + 1) * h]);
        let (seen_hand, seen_board) = s.seen[p];
        new_hand |= u16::from(seen_hand != hand_mask) << p;
        new_cards |= u16::from(seen_hand != hand_mask || seen_board != board_mask) << p;
        s.seen[p] = (hand_mask, board_mask);
    }
    let t = tables();
    for (a, award) in spot.awards.iter().enumerate() {
        let who = if award.hole_only { new_hand } else { new_cards };
        if who != 0 {
            value_award(t, spot, s, a, who);
        }
    }
}

/// Award `a`'s values for the players of `who` (a bit each), its kind's evaluator picked
/// once for them all (each arm a loop of its own, reading only the tables it needs).
fn value_award(t: &Tables, spot: &Spot, s: &mut Scratch, a: usize, who: u16) {
    match spot.awards[a].kind {
        kinds::HIGH => value_players::<{ kinds::HIGH }>(t, spot, s, a, who),
        kinds::OMAHA => value_players::<{ kinds::OMAHA }>(t, spot, s, a, who),
        kinds::DRAW_HIGH => value_players::<{ kinds::DRAW_HIGH }>(t, spot, s, a, who),
        kinds::BADUGI => value_players::<{ kinds::BADUGI }>(t, spot, s, a, who),
        kinds::DEUCE_SEVEN => value_players::<{ kinds::DEUCE_SEVEN }>(t, spot, s, a, who),
        kinds::A5 => value_players::<{ kinds::A5 }>(t, spot, s, a, who),
        kinds::DOOGIE_HIGH => value_players::<{ kinds::DOOGIE_HIGH }>(t, spot, s, a, who),
        kinds::OMAHA_LOW => value_players::<{ kinds::OMAHA_LOW }>(t, spot, s, a, who),
        _ => value_players::<{ kinds::DOOGIE_LOW }>(t, spot, s, a, who),
    }
}

/// (Not inlined: the arms inlined together would read every table before the loop over the
/// awards.)
#[inline(never)]
fn value_players<const KIND: u8>(t: &Tables, spot: &Spot, s: &mut Scratch, a: usize, who: u16) {
    let (h, count) = (spot.h, spot.awards.len());
    let aces_high = spot.awards[a].aces_high;
    let board = &s.board[..spot.b];
    let mut rest = who;
    while rest != 0 {
        let p = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let row = &s.hands[p * h..(p + 1) * h];
        s.values[p * count + a] = award_value_of(t, KIND, aces_high, row, board);
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
