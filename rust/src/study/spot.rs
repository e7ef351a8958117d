//! A spot as the study engine takes it: every hand's known cards, the board so far, the
//! draws to come, the variants to play (fixed throws, declarations) and the game's awards.

/// Most players at one table (the registry seats at most 9).
pub const MAX_PLAYERS: usize = 10;
/// Most awards of one game.
pub const MAX_AWARDS: usize = 4;
/// Most hole cards of one hand.
pub const MAX_HOLE: usize = 10;

/// Declarations (a player's way, as [`crate::awards`] takes them): everyone's cards speak,
/// high, low, both; and, in the declaration odds, an opponent who declares by its cards each
/// runout.
pub use crate::awards::{BOTH, CARDS_SPEAK, HIGH, LOW};
pub const BY_CARDS: i64 = -1;

/// The draw policies.
pub const HEURISTIC: u8 = 0;
pub const PAT: u8 = 1;

/// One award of the game, as the study engine needs it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Award {
    pub kind: u8,
    pub aces_high: bool,
    /// Who may win it: the side declaring players contend for, the qualifier, the best
    /// possible value (the award decision's terms).
    pub rule: AwardRule,
    /// The code of the award's keep (`splitpot.games.spec.Keep`, in declaration order).
    pub keep: u8,
    /// Valued on the hole cards alone, whatever the board.
    pub hole_only: bool,
}

impl Default for AwardRule {
    fn default() -> Self {
        AwardRule {
            high_side: true,
            qualifier: None,
            best_possible: None,
        }
    }
}

use crate::awards::AwardRule;

/// The rules of `awards`, in order.
pub fn rules_of(awards: &[Award]) -> Vec<AwardRule> {
    awards.iter().map(|a| a.rule).collect()
}

/// A pending draw: at most `limit` cards, with `board_before` board cards out.
#[derive(Clone, Copy, Debug)]
pub struct Draw {
    pub limit: usize,
    pub board_before: usize,
}

/// A checked spot (see `splitpot.equity.engine.encode`).
#[derive(Clone, Debug)]
pub struct Spot {
    pub players: usize,
    /// Hole cards a hand holds.
    pub h: usize,
    /// Board cards at the showdown.
    pub b: usize,
    /// Every player's known cards, `h` a row (the first `known_n[p]` are known).
    pub known: Vec<u8>,
    pub known_n: Vec<usize>,
    /// The board so far (`nb0` cards).
    pub board0: [u8; 8],
    pub nb0: usize,
    pub draws: Vec<Draw>,
    pub variants: usize,
    /// `fixed[v * players + p]`: variant `v`'s throw mask for player `p` at the next draw,
    /// -1: the policy.
    pub fixed: Vec<i64>,
    /// `wanted[v * players + p]`: variant `v`'s declaration of player `p`.
    pub wanted: Vec<i64>,
    pub awards: Vec<Award>,
    /// The awards' rules, in the same order (what [`crate::awards::decide`] takes).
    pub rules: Vec<AwardRule>,
    pub policy: u8,
    pub tie_keeps: bool,
    /// Units of a whole pot (every share of a runout is a whole number of them).
    pub unit: i64,
    /// A fixed throw's replacements come after everything else (see `runout::play`).
    pub defer: bool,
    /// The unseen cards, in deck order.
    pub deck: Vec<u8>,
}

impl Spot {
    /// Columns of a player's tally row: pot units won, their squares, scoops, then per
    /// award the runouts won alone and the units of the award won through ties.
    pub fn width(&self) -> usize {
        WINS + 2 * self.awards.len()
    }

    /// Length of the tallies (variants x players x width).
    pub fn rows_len(&self) -> usize {
        self.variants * self.players * self.width()
    }

    /// The known cards of player `p` (a whole row of `h`).
    pub fn known_row(&self, p: usize) -> &[u8] {
        &self.known[p * self.h..(p + 1) * self.h]
    }

    /// Check the shapes and cards; a one-line reason when they do not hold.
    pub fn check(&self) -> Result<(), String> {
        let p = self.players;
        if !(2..=MAX_PLAYERS).contains(&p) {
            return Err(format!(
                "{p} players: the study engine takes 2 to {MAX_PLAYERS}"
            ));
        }
        if self.h == 0 || self.h > MAX_HOLE {
            return Err(format!("{} hole cards: 1 to {MAX_HOLE}", self.h));
        }
        if self.rules.len() != self.awards.len() {
            return Err("one rule per award".into());
        }
        if self.awards.is_empty() || self.awards.len() > MAX_AWARDS {
            return Err(format!("{} awards: 1 to {MAX_AWARDS}", self.awards.len()));
        }
        if self.b > 5 || self.nb0 > self.b {
            return Err(format!("a board of {} of {} cards", self.nb0, self.b));
        }
        if self.known.len() != p * self.h || self.known_n.len() != p {
            return Err("the known cards do not match the players".into());
        }
        if self.known_n.iter().any(|&n| n > self.h) {
            return Err("a hand has more known cards than it holds".into());
        }
        if self.variants == 0
            || self.fixed.len() != self.variants * p
            || self.wanted.len() != self.variants * p
        {
            return Err("the variants do not match the players".into());
        }
        if self
            .draws
            .iter()
            .any(|d| d.limit > self.h || d.board_before > self.b)
        {
            return Err("a draw larger than a hand, or after the last board card".into());
        }
        // every award can value a hand of this many hole and board cards (no panic later)
        let hole: Vec<u8> = (0..self.h as u8).collect();
        let board: Vec<u8> = (self.h as u8..(self.h + self.b) as u8).collect();
        for award in &self.awards {
            crate::kinds::check(award.kind, &hole, &board)?;
        }
        if self.unit <= 0 {
            return Err("the pot's unit must be positive".into());
        }
        let mut seen = 0u64;
        let known = (0..p).flat_map(|q| self.known_row(q)[..self.known_n[q]].iter());
        for &c in known.chain(&self.board0[..self.nb0]).chain(&self.deck) {
            if c >= 52 || seen >> c & 1 != 0 {
                return Err(format!("card {c} is not a card, or appears twice"));
            }
            seen |= 1 << c;
        }
        for v in 0..self.variants {
            let row = &self.wanted[v * p..(v + 1) * p];
            let speaking = row.iter().filter(|&&w| w == i64::from(CARDS_SPEAK)).count();
            if speaking != 0 && speaking != p {
                return Err("either every player declares or nobody does".into());
            }
            for q in 0..p {
                let mask = self.fixed[v * p + q];
                if mask >= 0 && (mask >> self.h != 0 || self.known_n[q] != self.h) {
                    return Err(format!("a fixed throw {mask} for player {q}"));
                }
                if !(-1..=3).contains(&self.wanted[v * p + q]) {
                    return Err(format!("declaration {}", self.wanted[v * p + q]));
                }
            }
        }
        Ok(())
    }
}

// Columns of a player's tally row.
pub const EQ: usize = 0;
pub const EQ2: usize = 1;
pub const SCOOP: usize = 2;
pub const WINS: usize = 3;
