//! Exact walks: every way the unknown cards can fall, each settled once.
//!
//! A walk deals levels in turn: `(cards, target)`, `target` a player (their missing hole
//! cards, or their replacements at a draw happening now) or `None` (the board). Each level
//! takes every combination of the cards the earlier levels left, so the walk meets every
//! runout the Python reference enumerates, once. Only the combinations whose first card (of
//! the first level) lies in `[lo, hi)` are walked, so a big walk is shared among threads, the
//! integer tallies adding up the same in any order.

use super::runout::{declare, values_of, Scratch};
use super::settle::tally;
use super::spot::Spot;

/// One level of a walk: `cards` dealt to `target` (a player) or to the board (`None`).
#[derive(Clone, Copy, Debug)]
pub struct Level {
    pub cards: usize,
    pub target: Option<usize>,
}

/// The hands before the walk's levels: `base[p * h ..][..base_n[p]]`.
pub struct Walk {
    pub levels: Vec<Level>,
    pub base: Vec<u8>,
    pub base_n: Vec<usize>,
}

struct State {
    used: Vec<bool>,
    avail: Vec<Vec<usize>>,
    idx: Vec<Vec<usize>>,
}

impl State {
    /// The first combination of `level` among the cards still free; false if none.
    fn start(&mut self, level: usize, lo: usize, k: usize) -> bool {
        let avail = &mut self.avail[level];
        avail.clear();
        avail.extend((0..self.used.len()).filter(|&i| !self.used[i]));
        if lo + k > avail.len() {
            return false;
        }
        for i in 0..k {
            self.idx[level][i] = lo + i;
            self.used[avail[lo + i]] = true;
        }
        true
    }

    /// The next combination of `level`; false (its cards freed) when there is none.
    fn advance(&mut self, level: usize, hi: usize, k: usize) -> bool {
        let avail = &self.avail[level];
        let idx = &mut self.idx[level];
        let n = avail.len();
        for &i in &idx[..k] {
            self.used[avail[i]] = false;
        }
        let mut i = k as isize - 1;
        while i >= 0 && idx[i as usize] == n - k + i as usize {
            i -= 1;
        }
        if i < 0 || (i == 0 && idx[0] + 1 >= hi) {
            return false;
        }
        let i = i as usize;
        idx[i] += 1;
        for j in i + 1..k {
            idx[j] = idx[j - 1] + 1;
        }
        for &j in &idx[..k] {
            self.used[avail[j]] = true;
        }
        true
    }
}

/// Walk the runouts whose first card lies in `[lo, hi)` into `rows`; their count.
fn walk_range(spot: &Spot, walk: &Walk, lo: usize, hi: usize, rows: &mut [i64]) -> u64 {
    let levels = &walk.levels;
    let depth = levels.len();
    let size = spot.deck.len();
    let h = spot.h;
    let players = spot.players;
    let block = players * spot.width();
    let mut st = State {
        used: vec![false; size],
        avail: vec![Vec::with_capacity(size); depth.max(1)],
        idx: levels.iter().map(|l| vec![0; l.cards]).collect(),
    };
    let mut s = Scratch::new(spot);
    let mut runouts = 0u64;
    if depth > 0 && !st.start(0, lo, levels[0].cards) {
        return 0;
    }
    let mut level = 0usize;
    let mut fill = [0usize; 16];
    loop {
        while level + 1 < depth {
            level += 1;
            st.start(level, 0, levels[level].cards);
        }
        // deal the current combination of every level
        for p in 0..players {
            let n = walk.base_n[p];
            s.hands[p * h..p * h + n].copy_from_slice(&walk.base[p * h..p * h + n]);
            fill[p] = n;
        }
        let mut nb = spot.nb0;
        s.board[..nb].copy_from_slice(&spot.board0[..nb]);
        for (l, lev) in levels.iter().enumerate() {
            for &i in &st.idx[l] {
                let card = spot.deck[st.avail[l][i]];
                match lev.target {
                    None => {
                        s.board[nb] = card;
                        nb += 1;
                    }
                    Some(t) => {
                        s.hands[t * h + fill[t]] = card;
                        fill[t] += 1;
                    }
                }
            }
        }
        values_of(spot, &mut s);
        for v in 0..spot.variants {
            declare(spot, v, &mut s);
            tally(
                &s.values,
                spot,
                &s.decl[..players],
                &mut rows[v * block..(v + 1) * block],
            );
        }
        runouts += 1;
        if depth == 0 {
            return runouts;
        }
        loop {
            let bound = if level == 0 { hi } else { size + 1 };
            if st.advance(level, bound, levels[level].cards) {
                break;
            }
            if level == 0 {
                return runouts;
            }
            level -= 1;
        }
    }
}

/// Every runout of `walk` into `rows` (variants x players x width), on `threads` threads;
/// the count.
pub fn walk(spot: &Spot, walk: &Walk, threads: usize, rows: &mut [i64]) -> u64 {
    let firsts = spot.deck.len();
    if threads <= 1 || walk.levels.is_empty() {
        return walk_range(spot, walk, 0, firsts + 1, rows);
    }
    super::walk_firsts(threads, firsts, rows, |first, part| {
        walk_range(spot, walk, first, first + 1, part)
    })
}
