//! The evaluator kinds of `EvalKind`, by code, and the one dispatcher every caller uses.
//!
//! A new hand kind: its evaluator module, a code here, its arm in [`award_value_of`] and its
//! card counts in [`check`].

use std::mem::MaybeUninit;

use crate::tables::{tables, Tables};
use crate::{badugi, doogie, high, lowball, omaha};

/// The value of "no hand of this kind" (Python's `None`), below every value.
pub const NO_HAND: i64 = -(1 << 62);

pub const HIGH: u8 = 0;
pub const OMAHA: u8 = 1;
pub const DRAW_HIGH: u8 = 2;
pub const BADUGI: u8 = 3;
pub const DEUCE_SEVEN: u8 = 4;
pub const A5: u8 = 5;
pub const DOOGIE_HIGH: u8 = 6;
pub const DOOGIE_LOW: u8 = 7;
pub const OMAHA_LOW: u8 = 8;
/// How many kinds there are (codes `0..KINDS`).
pub const KINDS: u8 = 9;

/// Every kind: its `EvalKind` value (Python's name), its code, and the encoding of its values
/// that Python reads words from (`splitpot.evaluate.words`).
pub const NAMES: [(&str, u8, &str); KINDS as usize] = [
    ("high", HIGH, "high"),
    ("omaha", OMAHA, "high"),
    ("draw-high", DRAW_HIGH, "high"),
    ("badugi", BADUGI, "rainbow"),
    ("deuce-seven", DEUCE_SEVEN, "deuce-seven"),
    ("a5", A5, "a5"),
    ("doogie-high", DOOGIE_HIGH, "doogie-high"),
    ("doogie-low", DOOGIE_LOW, "doogie-low"),
    ("omaha-low", OMAHA_LOW, "a5"),
];

/// The raw value of `hole` (and `board`) for an award of kind `kind`: exactly the int the
/// award's Python evaluator returned before the core (`Award.raw`), or [`NO_HAND`]. The card
/// counts must pass [`check`]; lowball of more than five cards takes the best five.
#[inline]
pub fn award_value(kind: u8, aces_high: bool, hole: &[u8], board: &[u8]) -> i64 {
    award_value_of(tables(), kind, aces_high, hole, board)
}

/// [`award_value`] with the tables given (hot loops fetch them once).
#[inline(always)]
pub fn award_value_of(t: &Tables, kind: u8, aces_high: bool, hole: &[u8], board: &[u8]) -> i64 {
    match kind {
        HIGH => i64::from(high::pool_of(t, hole, board)),
        OMAHA => i64::from(omaha::value_of(t, hole, board)),
        DRAW_HIGH => i64::from(high::value_5_of(
            t,
            [hole[0], hole[1], hole[2], hole[3], hole[4]],
        )),
        BADUGI => i64::from(badugi::value_of(t, hole, aces_high)),
        DEUCE_SEVEN => i64::from(lowball::best_of_fives(t, hole, lowball::deuce_seven_5_of)),
        A5 => i64::from(lowball::best_of_fives(t, hole, lowball::a5_5_of)),
        DOOGIE_HIGH => i64::from(doogie::high_of(t, hole, board)),
        OMAHA_LOW => omaha::low_value(hole, board),
        _ => doogie::low_of(t, hole, board),
    }
}

/// The loop over the hands, with the card counts of the common shapes known at compile time
/// (the card loops of the evaluator unroll, and no count is read per hand). A macro, so that
/// each shape gets a closure of its own, which the compiler then inlines into its loop; each
/// shape's loop is a function of its own ([`fixed`]), as the compiler would otherwise fold the
/// shapes' arms back into the generic loop (in the arm of (2, 5), `shaped(holes, 2, ..)` is
/// `shaped(holes, hole_n, ..)`).
macro_rules! hands {
    ($holes:expr, $boards:expr, $put:expr, |$h:ident, $b:ident| $value:expr) => {{
        let ((holes, hole_n), (boards, board_n)) = ($holes, $boards);
        match (hole_n, board_n) {
            (2, 5) => fixed::<2, 5>(holes, boards, |$h, $b| $value, $put),
            (4, 0) => fixed::<4, 0>(holes, boards, |$h, $b| $value, $put),
            (5, 0) => fixed::<5, 0>(holes, boards, |$h, $b| $value, $put),
            (6, 4) => fixed::<6, 4>(holes, boards, |$h, $b| $value, $put),
            (h, b) => shaped(holes, h, boards, b, |$h, $b| $value, $put),
        }
    }};
}

/// Value many hands of kind `kind`: hand `i` is `holes[i * hole_n..][..hole_n]` and
/// `boards[i * board_n..][..board_n]` (each hand must pass [`check`]); `put(i, value)` takes
/// each value in order. The dispatch happens once, outside the loop over the hands.
pub fn each_value(
    kind: u8,
    aces_high: bool,
    holes: (&[u8], usize),
    boards: (&[u8], usize),
    mut put: impl FnMut(usize, i64),
) {
    let t = tables();
    match kind {
        OMAHA => omaha::values_of(t, holes, boards, |i, v| put(i, i64::from(v))),
        HIGH if holes.1 + boards.1 <= crate::tables::MAX_KEYED => {
            hands!(holes, boards, &mut put, |h, b| i64::from(high::pool_of(
                t, h, b
            )))
        }
        DRAW_HIGH => hands!(holes, boards, &mut put, |h, _b| i64::from(
            high::value_5_of(t, [h[0], h[1], h[2], h[3], h[4]])
        )),
        BADUGI => hands!(holes, boards, &mut put, |h, _b| i64::from(
            badugi::value_of(t, h, aces_high)
        )),
        DEUCE_SEVEN if holes.1 == 5 => hands!(holes, boards, &mut put, |h, _b| i64::from(
            lowball::deuce_seven_5_of(t, h)
        )),
        A5 if holes.1 == 5 => {
            hands!(holes, boards, &mut put, |h, _b| i64::from(
                lowball::a5_5_of(t, h)
            ))
        }
        _ => hands!(holes, boards, &mut put, |h, b| award_value_of(
            t, kind, aces_high, h, b
        )),
    }
}

/// [`each_value`] into `out`, eight bytes a hand (native-endian `i64`: what `_core.batch`
/// returns); `out` must hold the hands' `8 * count` bytes, and every one of them is written
/// (so `out` may start uninitialised: `_core.batch` writes into a new `bytes` it does not zero
/// first). The card counts must pass [`check`], but the cards are checked here: false (and
/// `out` only partly written) when one is not below 52. Seven-card high goes eight hands at a
/// time where the processor can ([`crate::simd`], which checks the cards as it reads them).
pub fn values_into(
    kind: u8,
    aces_high: bool,
    holes: (&[u8], usize),
    boards: (&[u8], usize),
    out: &mut [MaybeUninit<u8>],
) -> bool {
    let mut done = 0;
    #[cfg(target_arch = "x86_64")]
    if kind == HIGH && holes.1 == 2 && boards.1 == 5 {
        match crate::simd::high_7(tables(), holes.0, boards.0, out) {
            Some(valued) => done = valued,
            None => return false,
        }
    }
    let holes = (&holes.0[done * holes.1..], holes.1);
    let boards = (&boards.0[done * boards.1..], boards.1);
    if max_byte(holes.0).max(max_byte(boards.0)) >= 52 {
        return false;
    }
    let rest = &mut out[8 * done..];
    let put = |i: usize, v: i64| {
        for (byte, value) in rest[i * 8..i * 8 + 8].iter_mut().zip(v.to_ne_bytes()) {
            byte.write(value);
        }
    };
    each_value(kind, aces_high, holes, boards, put);
    true
}

/// The largest byte (a loop the compiler vectorizes).
pub fn max_byte(bytes: &[u8]) -> u8 {
    bytes.iter().fold(0, |m, &c| m.max(c))
}

/// [`shaped`] for `H` hole and `B` board cards, known at compile time.
#[inline(never)]
fn fixed<const H: usize, const B: usize>(
    holes: &[u8],
    boards: &[u8],
    f: impl Fn(&[u8], &[u8]) -> i64,
    put: &mut impl FnMut(usize, i64),
) {
    let mut boards = boards.chunks_exact(B.max(1));
    for (i, h) in holes.chunks_exact(H).enumerate() {
        let h: &[u8; H] = h.try_into().expect("chunks of H");
        let b: &[u8; B] = if B == 0 {
            &[0; B]
        } else {
            boards
                .next()
                .and_then(|b| b.try_into().ok())
                .expect("a board a hand")
        };
        put(i, f(h, b));
    }
}

#[inline(always)]
fn shaped(
    holes: &[u8],
    hole_n: usize,
    boards: &[u8],
    board_n: usize,
    f: impl Fn(&[u8], &[u8]) -> i64,
    put: &mut impl FnMut(usize, i64),
) {
    if board_n == 0 {
        for (i, h) in holes.chunks_exact(hole_n).enumerate() {
            put(i, f(h, &[]));
        }
    } else {
        for (i, (h, b)) in holes
            .chunks_exact(hole_n)
            .zip(boards.chunks_exact(board_n))
            .enumerate()
        {
            put(i, f(h, b));
        }
    }
}

/// The cards of `hole` and `board` that make the hand of kind `kind` (empty: no hand), in
/// the order the hand reads (Omaha: the two hole cards, then the three board cards). The card
/// counts must pass [`check`].
pub fn used(kind: u8, aces_high: bool, hole: &[u8], board: &[u8]) -> Vec<u8> {
    let t = tables();
    let value = award_value_of(t, kind, aces_high, hole, board);
    let pool: Vec<u8> = hole.iter().chain(board).copied().collect();
    match kind {
        HIGH => high::used(t, &pool, value as i32),
        OMAHA => omaha::used(t, hole, board, value as i32),
        DRAW_HIGH => high::used(t, &hole[..5], value as i32),
        BADUGI => badugi::used(t, hole, value as i32, aces_high),
        DEUCE_SEVEN => lowball::used(t, hole, value as i32, lowball::deuce_seven_5_of, false),
        A5 => lowball::used(t, hole, value as i32, lowball::a5_5_of, true),
        DOOGIE_HIGH => doogie::used_high(t, &pool, value as i32),
        OMAHA_LOW => omaha::low_used(hole, board),
        _ => doogie::used_low(t, &pool, value),
    }
}

/// Why `hole` and `board` cannot be valued for kind `kind` (the card counts, or a card outside
/// 0-51), in the words of the Python evaluators; `Ok` when they can.
pub fn check(kind: u8, hole: &[u8], board: &[u8]) -> Result<(), String> {
    if let Some(&bad) = hole.iter().chain(board).find(|&&c| c >= 52) {
        return Err(format!("card index {bad} is outside 0-51"));
    }
    let (h, pool) = (hole.len(), hole.len() + board.len());
    let fail = match kind {
        HIGH if !(5..=10).contains(&pool) => format!("a high hand needs 5 to 10 cards, got {pool}"),
        OMAHA if !(4..=6).contains(&h) => format!("an Omaha hand needs 4 to 6 hole cards, got {h}"),
        OMAHA if !(3..=5).contains(&board.len()) => {
            format!(
                "an Omaha hand needs 3 to 5 board cards, got {}",
                board.len()
            )
        }
        OMAHA_LOW if !(4..=6).contains(&h) => {
            format!("an Omaha low hand needs 4 to 6 hole cards, got {h}")
        }
        OMAHA_LOW if !(3..=5).contains(&board.len()) => {
            format!(
                "an Omaha low hand needs 3 to 5 board cards, got {}",
                board.len()
            )
        }
        DRAW_HIGH if h != 5 => format!("a draw high hand needs 5 cards, got {h}"),
        BADUGI if h == 0 => "a badugi hand needs at least one card".to_string(),
        DEUCE_SEVEN if h < 5 => format!("a 2-7 hand needs at least 5 cards, got {h}"),
        A5 if h < 5 => format!("an A-5 hand needs at least 5 cards, got {h}"),
        DOOGIE_HIGH if !(5..=10).contains(&pool) => {
            format!("a Doogie high hand is chosen from 5 to 10 cards, got {pool}")
        }
        DOOGIE_LOW if pool > 10 => format!("a doogie is chosen from at most 10 cards, got {pool}"),
        k if k >= KINDS => format!("unknown hand kind {k}"),
        _ => return Ok(()),
    };
    Err(fail)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse;

    #[test]
    fn award_value_dispatches_every_kind() {
        let hole = parse("As Ks Qs Js Ts");
        let board = parse("2s 3s 4h");
        assert_eq!(award_value(DRAW_HIGH, false, &hole, &board), 9_175_040);
        assert_eq!(award_value(HIGH, false, &hole, &board), 9_175_040);
        assert_eq!(
            award_value(OMAHA, false, &parse("As Ks 7d 8c"), &parse("Qs Js Ts")),
            9_175_040
        );
        assert_eq!(award_value(DOOGIE_LOW, false, &hole, &board), NO_HAND);
        assert!(
            award_value(DEUCE_SEVEN, false, &parse("7s 5d 4h 3c 2s Ah"), &[])
                > award_value(DEUCE_SEVEN, false, &parse("8s 5d 4h 3c 2s"), &[])
        );
    }

    #[test]
    fn values_into_refuses_a_card_above_51_wherever_it_is() {
        // 4,099 hands of seven cards: whole blocks of eight for the AVX2 loop and a tail of three
        let mut rng = crate::testing::Rng(7);
        let (mut holes, mut boards) = (Vec::new(), Vec::new());
        for _ in 0..4099 {
            let cards = rng.cards(7);
            holes.extend_from_slice(&cards[..2]);
            boards.extend_from_slice(&cards[2..]);
        }
        let mut out = vec![MaybeUninit::new(0u8); 8 * 4099];
        assert!(values_into(
            HIGH,
            false,
            (&holes, 2),
            (&boards, 5),
            &mut out
        ));
        // (in the holes?, byte, card): in the first block, in a later group, in the tail
        for (in_holes, at, bad) in [
            (true, 0, 52),
            (false, 1500, 255),
            (false, 5 * 4096 - 1, 60),
            (true, 2 * 4098 + 1, 52),
            (false, 5 * 4098 + 2, 63),
        ] {
            let (mut holes, mut boards) = (holes.clone(), boards.clone());
            if in_holes {
                holes[at] = bad;
            } else {
                boards[at] = bad;
            }
            let valid = values_into(HIGH, false, (&holes, 2), (&boards, 5), &mut out);
            assert!(!valid, "card {bad} at {at}");
        }
    }

    #[test]
    fn check_names_what_is_wrong() {
        assert_eq!(
            check(OMAHA, &parse("As Ks"), &parse("2c 3c 4c")),
            Err("an Omaha hand needs 4 to 6 hole cards, got 2".into())
        );
        assert_eq!(
            check(HIGH, &[52, 1, 2, 3, 4], &[]),
            Err("card index 52 is outside 0-51".into())
        );
        assert_eq!(check(9, &[], &[]), Err("unknown hand kind 9".into()));
        assert!(check(OMAHA_LOW, &parse("As 2s 3s"), &parse("4c 5c 6c")).is_err());
        assert!(check(BADUGI, &parse("As"), &[]).is_ok());
    }
}
