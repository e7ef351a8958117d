//! `splitpot._core`: the Python face of the core.
//!
//! Cards travel as `bytes` (one card int a byte); values as Python ints (`None`: no hand) or,
//! in batches, as `bytes` of native-endian int64 ([`crate::kinds::NO_HAND`] for none). Bad
//! input raises `ValueError` with a one-line message; the Python layer turns it into the
//! right `SplitpotError`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

use crate::kinds::{self, NO_HAND};
use crate::tables::tables;

/// Batches of more hands than this release the GIL while they run.
const DETACH_AT: usize = 2048;

fn checked(kind: u8, hole: &[u8], board: &[u8]) -> PyResult<()> {
    kinds::check(kind, hole, board).map_err(PyValueError::new_err)
}

/// The raw value of one hand for an award of kind `kind` (None: no hand of the kind).
#[pyfunction]
fn value(kind: u8, aces_high: bool, hole: &[u8], board: &[u8]) -> PyResult<Option<i64>> {
    checked(kind, hole, board)?;
    let v = kinds::award_value(kind, aces_high, hole, board);
    Ok((v != NO_HAND).then_some(v))
}

/// The raw values of many hands: `holes` holds `hole_n` cards a hand, `boards` `board_n`.
#[pyfunction]
fn batch<'py>(
    py: Python<'py>,
    kind: u8,
    aces_high: bool,
    holes: &[u8],
    hole_n: usize,
    boards: &[u8],
    board_n: usize,
) -> PyResult<Bound<'py, PyBytes>> {
    if hole_n == 0 || !holes.len().is_multiple_of(hole_n) {
        return Err(PyValueError::new_err(format!(
            "{} hole card bytes are not a whole number of {hole_n}-card hands",
            holes.len()
        )));
    }
    let hands = holes.len() / hole_n;
    if boards.len() != hands * board_n {
        return Err(PyValueError::new_err(format!(
            "{hands} hands of {board_n} board cards need {} board bytes, got {}",
            hands * board_n,
            boards.len()
        )));
    }
    if hands > 0 {
        checked(kind, &holes[..hole_n], &boards[..board_n])?;
    }
    if let Some(&bad) = holes.iter().chain(boards).find(|&&c| c >= 52) {
        return Err(PyValueError::new_err(format!(
            "card index {bad} is outside 0-51"
        )));
    }
    let run = || {
        let t = tables();
        let mut out = Vec::with_capacity(hands * 8);
        for i in 0..hands {
            let hole = &holes[i * hole_n..(i + 1) * hole_n];
            let board = &boards[i * board_n..(i + 1) * board_n];
            out.extend_from_slice(
                &kinds::award_value_of(t, kind, aces_high, hole, board).to_ne_bytes(),
            );
        }
        out
    };
    let out = if hands >= DETACH_AT {
        py.allow_threads(run)
    } else {
        run()
    };
    Ok(PyBytes::new(py, &out))
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("NO_HAND", NO_HAND)?;
    let codes = PyDict::new(m.py());
    for (name, code) in [
        ("high", kinds::HIGH),
        ("omaha", kinds::OMAHA),
        ("draw-high", kinds::DRAW_HIGH),
        ("badugi", kinds::BADUGI),
        ("deuce-seven", kinds::DEUCE_SEVEN),
        ("a5", kinds::A5),
        ("doogie-high", kinds::DOOGIE_HIGH),
        ("doogie-low", kinds::DOOGIE_LOW),
    ] {
        codes.set_item(name, code)?;
    }
    m.add("KINDS", codes)?;
    m.add_function(wrap_pyfunction!(value, m)?)?;
    m.add_function(wrap_pyfunction!(batch, m)?)?;
    crate::study::register(m)?;
    Ok(())
}
