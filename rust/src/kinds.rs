//! The evaluator kinds of `EvalKind`, by code, and the one dispatcher every caller uses.

/// The value of "no hand of this kind" (Python's `None`).
pub const NO_HAND: i64 = -(1 << 62);

pub const HIGH: u8 = 0;
pub const OMAHA: u8 = 1;
pub const DRAW_HIGH: u8 = 2;
pub const BADUGI: u8 = 3;
pub const DEUCE_SEVEN: u8 = 4;
pub const A5: u8 = 5;
pub const DOOGIE_HIGH: u8 = 6;
pub const DOOGIE_LOW: u8 = 7;

/// The raw value of `hole` (and `board`) for an award of kind `kind`: exactly the int the
/// award's Python evaluator returned before the core (`Award.raw`), or [`NO_HAND`].
pub fn award_value(kind: u8, aces_high: bool, hole: &[u8], board: &[u8]) -> i64 {
    let _ = (kind, aces_high, hole, board);
    unimplemented!("issue 20 part 1: the evaluators")
}
