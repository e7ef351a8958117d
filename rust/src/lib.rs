//! splitpot's rules core: cards as ints (`rank * 4 + suit`, deuce = rank 0, ace = rank 12;
//! clubs, diamonds, hearts, spades = suits 0-3), hand values as ints where bigger always
//! wins, the award decision and the study engine. Python (`splitpot._core`) gives them names,
//! words and errors.

pub mod awards;
pub mod kinds;
pub mod study;

#[cfg(feature = "python")]
mod python;
