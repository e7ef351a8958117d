//! Exact walks over the board alone, every hand final: each hand valued once per rank
//! pattern.
//!
//! The non-flush part of an Omaha or high hand depends only on the ranks: each player's best
//! non-flush value is computed once per multiset of board ranks, and the board loop reads it
//! from that table, checking a flush only when a suit shows three times. An award valued on
//! the hole cards alone (draw high, Badugi, 2-7, A-5) is valued once; any other (Doogie's,
//! or a board of other than five cards) per board.

use super::ranks::{
    five_card_tables, flush_value, rank_multisets, value_from_counts, FiveCardTables, KEYS,
    RANK_ADD, SLOTS,
};
use super::runout::{declare, Scratch};
use super::settle::tally;
use super::spot::Spot;
use crate::kinds::award_value;

/// Valued once, on the hole cards.
pub const CONST: u8 = 0;
/// Rank-pattern table, exactly two hole cards and three board cards.
pub const OMAHA: u8 = 1;
/// Rank-pattern table, best five of hole and board.
pub const HIGH: u8 = 2;
/// Valued per board.
pub const DIRECT: u8 = 3;

struct Prepared {
    suit_bits: Vec<[[u32; 10]; 4]>,
    suit_counts: Vec<[usize; 4]>,
    /// `memo[(row[a] * players + p) * SLOTS + slot]`, for the awards read from the tables
    memo: Vec<i32>,
    row: [usize; super::spot::MAX_AWARDS],
    consts: Vec<i64>,
}

fn prepare(spot: &Spot, holes: &[u8], modes: &[u8], ft: &FiveCardTables, k: usize) -> Prepared {
    let (players, h) = (spot.players, spot.h);
    let count = spot.awards.len();
    // each player's distinct hole rank pairs (at most 45 of ten cards)
    let mut pair_rows = vec![([0usize; 45], 0usize); players];
    let mut suit_bits = vec![[[0u32; 10]; 4]; players];
    let mut suit_counts = vec![[0usize; 4]; players];
    for p in 0..players {
        let hole = &holes[p * h..(p + 1) * h];
        for u in 0..h {
            let cu = hole[u] as usize;
            let s = cu & 3;
            suit_bits[p][s][suit_counts[p][s]] = 1 << (cu >> 2);
            suit_counts[p][s] += 1;
            for &cv in &hole[u + 1..] {
                let pair = ft.pair_index[(cu >> 2) * 13 + (cv as usize >> 2)] as usize;
                let (rows, n) = &mut pair_rows[p];
                if !rows[..*n].contains(&pair) {
                    rows[*n] = pair;
                    *n += 1;
                }
            }
        }
    }
    let mut consts = vec![0i64; players * count];
    for p in 0..players {
        for (a, award) in spot.awards.iter().enumerate() {
            if modes[a] == CONST {
                consts[p * count + a] =
                    award_value(award.kind, award.aces_high, &holes[p * h..(p + 1) * h], &[]);
            }
        }
    }
    let mut row = [usize::MAX; super::spot::MAX_AWARDS];
    let mut tabled = 0;
    for (a, &mode) in modes.iter().enumerate() {
        if mode == OMAHA || mode == HIGH {
            row[a] = tabled;
            tabled += 1;
        }
    }
    let mut memo = vec![0i32; tabled * players * SLOTS];
    let known = &spot.board0[..spot.nb0];
    for (a, &mode) in modes.iter().enumerate() {
        if mode != OMAHA && mode != HIGH {
            continue;
        }
        for multiset in rank_multisets(k).iter() {
            let mut ranks = [0u8; 5];
            for (i, &c) in known.iter().enumerate() {
                ranks[i] = c >> 2;
            }
            ranks[known.len()..known.len() + k].copy_from_slice(&multiset[..k]);
            let mut counts = [0u8; 13];
            let mut key = 0usize;
            for &r in &ranks {
                counts[r as usize] += 1;
                key += RANK_ADD[r as usize] as usize;
            }
            if counts.iter().any(|&c| c > 4) {
                continue;
            }
            let slot = ft.multiset_index[key] as usize;
            let at = |p: usize| (row[a] * players + p) * SLOTS + slot;
            if mode == OMAHA {
                let base = ft.board_index[2 * KEYS + key] as usize * 91;
                for p in 0..players {
                    let (rows, n) = &pair_rows[p];
                    let best = rows[..*n]
                        .iter()
                        .map(|&q| ft.pair_best[base + q])
                        .max()
                        .unwrap_or(-1);
                    memo[at(p)] = best;
                }
            } else {
                for p in 0..players {
                    let mut c = counts;
                    for &x in &holes[p * h..(p + 1) * h] {
                        c[x as usize >> 2] += 1;
                    }
                    memo[at(p)] = value_from_counts(&c) as i32;
                }
            }
        }
    }
    Prepared {
        row,
        suit_bits,
        suit_counts,
        memo,
        consts,
    }
}

/// Player `p`'s best flush in `suit` (the board holds `board_bits` of it), or -1.
fn flush_of(
    mode: u8,
    pr: &Prepared,
    p: usize,
    suit: usize,
    board_bits: &[u32],
    ft: &FiveCardTables,
) -> i64 {
    let nh = pr.suit_counts[p][suit];
    let bits = &pr.suit_bits[p][suit];
    let nb = board_bits.len();
    if mode == OMAHA {
        if nh < 2 {
            return -1;
        }
        let mut best = -1i64;
        for u in 0..nh - 1 {
            for v in u + 1..nh {
                let pair = bits[u] | bits[v];
                for x in 0..nb.saturating_sub(2) {
                    for y in x + 1..nb - 1 {
                        let three = pair | board_bits[x] | board_bits[y];
                        for z in y + 1..nb {
                            best = best.max(ft.flush5[(three | board_bits[z]) as usize] as i64);
                        }
                    }
                }
            }
        }
        return best;
    }
    if nh + nb < 5 {
        return -1;
    }
    let mask = bits[..nh].iter().chain(board_bits).fold(0, |m, &b| m | b);
    flush_value(mask)
}

/// Settle every board whose first card to come is `deck[lo..hi]`; their count.
#[allow(clippy::too_many_arguments)]
fn walk_range(
    spot: &Spot,
    k: usize,
    holes: &[u8],
    modes: &[u8],
    pr: &Prepared,
    ft: &FiveCardTables,
    lo: usize,
    hi: usize,
    rows: &mut [i64],
) -> u64 {
    let deck = &spot.deck;
    let m = deck.len();
    let players = spot.players;
    let count = spot.awards.len();
    let h = spot.h;
    let nk = spot.nb0;
    let total = spot.b;
    let block = players * spot.width();
    let keyed = modes.iter().any(|&x| x == OMAHA || x == HIGH);
    let mut s = Scratch::new(spot);
    let mut known_key = 0usize;
    let mut known_suits = 0u32;
    for i in 0..nk {
        let c = spot.board0[i];
        s.board[i] = c;
        known_key += RANK_ADD[c as usize >> 2] as usize;
        known_suits += 1 << ((c & 3) << 2);
    }
    s.values[..players * count].copy_from_slice(&pr.consts);
    let mut idx = [0usize; 8];
    let mut boards = 0u64;
    let stop = if k > 0 { hi } else { lo + 1 };
    for first in lo..stop {
        if m < first + k {
            break;
        }
        for (i, x) in idx.iter_mut().enumerate().take(k) {
            *x = first + i;
        }
        loop {
            for i in 0..k {
                s.board[nk + i] = deck[idx[i]];
            }
            let mut slot = 0usize;
            let mut suit = usize::MAX;
            let mut board_bits = [0u32; 5];
            let mut nb = 0;
            if keyed {
                let mut key = known_key;
                let mut suits = known_suits;
                for &i in &idx[..k] {
                    let c = deck[i];
                    key += RANK_ADD[c as usize >> 2] as usize;
                    suits += 1 << ((c & 3) << 2);
                }
                slot = ft.multiset_index[key] as usize;
                let flushy = (suits + 0x5555) & 0x8888; // the nibble of a suit with 3+ cards
                if flushy != 0 {
                    suit = 0;
                    while flushy >> (4 * suit + 3) & 1 == 0 {
                        suit += 1;
                    }
                    for &c in &s.board[..5] {
                        if (c & 3) as usize == suit {
                            board_bits[nb] = 1 << (c >> 2);
                            nb += 1;
                        }
                    }
                }
            }
            for (a, award) in spot.awards.iter().enumerate() {
                let mode = modes[a];
                if mode == CONST {
                    continue;
                }
                for p in 0..players {
                    let value = if mode == super::boards::DIRECT {
                        award_value(
                            award.kind,
                            award.aces_high,
                            &holes[p * h..(p + 1) * h],
                            &s.board[..total],
                        )
                    } else {
                        let v = pr.memo[(pr.row[a] * players + p) * SLOTS + slot] as i64;
                        if suit != usize::MAX {
                            v.max(flush_of(mode, pr, p, suit, &board_bits[..nb], ft))
                        } else {
                            v
                        }
                    };
                    s.values[p * count + a] = value;
                }
            }
            for v in 0..spot.variants {
                declare(spot, v, &mut s);
                tally(
                    &s.values,
                    spot,
                    &s.decl[..players],
                    &mut rows[v * block..(v + 1) * block],
                );
            }
            boards += 1;
            // the next combination that keeps idx[0] == first
            if k < 2 {
                break;
            }
            let mut i = k - 1;
            while i >= 1 && idx[i] == m - k + i {
                i -= 1;
            }
            if i < 1 {
                break;
            }
            idx[i] += 1;
            for j in i + 1..k {
                idx[j] = idx[j - 1] + 1;
            }
        }
    }
    boards
}

/// Every board of `k` more cards from the spot's deck, the hands `holes` (`players x h`)
/// final, into `rows`; the count. `modes`: how each award is valued (see the module docs).
pub fn walk_boards(
    spot: &Spot,
    k: usize,
    holes: &[u8],
    modes: &[u8],
    threads: usize,
    rows: &mut [i64],
) -> u64 {
    let ft = five_card_tables();
    let pr = prepare(spot, holes, modes, ft, k);
    let m = spot.deck.len();
    if threads <= 1 || k == 0 || m < k {
        let hi = if m >= k { m - k + 1 } else { 0 };
        return walk_range(spot, k, holes, modes, &pr, ft, 0, hi, rows);
    }
    let firsts = m - k + 1;
    super::walk_firsts(threads, firsts, rows, |first, part| {
        walk_range(spot, k, holes, modes, &pr, ft, first, first + 1, part)
    })
}
