//! splitpot's rules core: cards as ints (`rank * 4 + suit`, deuce = rank 0, ace = rank 12;
//! clubs, diamonds, hearts, spades = suits 0-3), hand values as ints where bigger always
//! wins, the award decision and the study engine. Python (`splitpot._core`) gives them names,
//! words and errors.
//!
//! The evaluators, one module per family (each has `*_of(t, ...)` forms taking the
//! [`tables::Tables`] for hot loops, and plain forms that fetch them): [`high`] (`value_5`,
//! `value`, `pool`), [`omaha`] (`value`), [`badugi`] (`value(cards, aces_high)`), [`lowball`]
//! (`deuce_seven_5`, `a5_5`), [`doogie`] (`low`, `high`); [`kinds::award_value`] dispatches on
//! the award kind.

pub mod awards;
pub mod badugi;
pub mod cards;
pub mod cmov;
pub mod combos;
pub mod doogie;
pub mod high;
pub mod kinds;
pub mod lowball;
pub mod omaha;
#[cfg(target_arch = "x86_64")]
pub mod simd;
pub mod study;
pub mod tables;
#[cfg(test)]
mod testing;

#[cfg(feature = "python")]
mod python;
