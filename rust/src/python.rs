//! `splitpot._core`: the Python face of the core.
//!
//! Cards travel as `bytes` (one card int a byte); values as Python ints (`None`: no hand) or,
//! in batches, as `bytes` of native-endian int64 ([`crate::kinds::NO_HAND`] for none). Bad
//! input raises `ValueError` with a one-line message; the Python layer turns it into the
//! right `SplitpotError`.

use std::mem::MaybeUninit;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

use crate::awards::{self, AwardRule, Decision, MAX_AWARDS, MAX_PLAYERS};
use crate::kinds::{self, max_byte, NO_HAND};

/// Batches of more hands than this release the GIL while they run.
const DETACH_AT: usize = 2048;
/// Hands a batch checks and values at a time (their cards stay in the cache in between, where
/// the cards are checked in a pass of their own: [`kinds::values_into`]).
const CHUNK: usize = 8192;

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

/// The cards that make the hand of kind `kind`, in the order it reads (empty: no hand).
#[pyfunction]
fn used<'py>(
    py: Python<'py>,
    kind: u8,
    aces_high: bool,
    hole: &[u8],
    board: &[u8],
) -> PyResult<Bound<'py, PyBytes>> {
    checked(kind, hole, board)?;
    Ok(PyBytes::new(py, &kinds::used(kind, aces_high, hole, board)))
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
    // A chunk at a time: where the cards are checked in a pass of their own, the valuing then
    // reads them from the cache (a whole batch is bigger than the caches).
    let run = |out: &mut [MaybeUninit<u8>]| {
        for start in (0..hands).step_by(CHUNK) {
            let end = hands.min(start + CHUNK);
            let chunk_holes = &holes[start * hole_n..end * hole_n];
            let chunk_boards = &boards[start * board_n..end * board_n];
            let chunk = (chunk_holes, hole_n);
            let out = &mut out[start * 8..end * 8];
            if !kinds::values_into(kind, aces_high, chunk, (chunk_boards, board_n), out) {
                return false;
            }
        }
        true
    };
    new_bytes(py, hands * 8, |out| {
        let valid = if hands >= DETACH_AT {
            py.allow_threads(|| run(out))
        } else {
            run(out)
        };
        if valid {
            return Ok(());
        }
        let top = max_byte(holes).max(max_byte(boards));
        Err(PyValueError::new_err(format!(
            "card index {top} is outside 0-51"
        )))
    })
}

/// A new `bytes` of `len` bytes, every one of which `fill` writes (or it fails, and the bytes
/// are dropped unseen). Unlike `PyBytes::new_with` it does not zero them first (a batch's values
/// are 8 bytes a hand: zeroing them cost a tenth of seven-card high's time).
fn new_bytes<'py>(
    py: Python<'py>,
    len: usize,
    fill: impl FnOnce(&mut [MaybeUninit<u8>]) -> PyResult<()>,
) -> PyResult<Bound<'py, PyBytes>> {
    let size = isize::try_from(len)
        .map_err(|_| PyValueError::new_err(format!("{len} bytes are too many")))?;
    // SAFETY: with a null pointer, PyBytes_FromStringAndSize returns a new bytes object of `size`
    // bytes left uninitialised (or null, with a Python exception set, which
    // `from_owned_ptr_or_err` turns into the error); we hold the only reference to it, and its
    // buffer (PyBytes_AsString: `size` bytes and a nul) lives as long as the object. The bytes
    // are seen as `MaybeUninit<u8>` until `fill` has written them all (`values_into` writes
    // every byte it is given), and no Python code can see the object before it is returned.
    unsafe {
        let object = pyo3::ffi::PyBytes_FromStringAndSize(std::ptr::null(), size);
        let bytes = Bound::from_owned_ptr_or_err(py, object)?.downcast_into_unchecked::<PyBytes>();
        let data = pyo3::ffi::PyBytes_AsString(bytes.as_ptr()).cast::<MaybeUninit<u8>>();
        fill(std::slice::from_raw_parts_mut(data, len))?;
        Ok(bytes)
    }
}

/// An award's rule from Python: (high side, qualifier, best possible).
type Rule = (bool, Option<i64>, Option<i64>);

fn decided(rules: &[Rule], values: &[i64], ways: &[u8], tie_keeps: bool) -> PyResult<Decision> {
    let (players, n) = (ways.len(), rules.len());
    if !(1..=MAX_AWARDS).contains(&n) || players > MAX_PLAYERS {
        return Err(PyValueError::new_err(format!(
            "a pot has 1 to {MAX_AWARDS} awards and at most {MAX_PLAYERS} players, \
             not {n} and {players}"
        )));
    }
    if values.len() != players * n {
        return Err(PyValueError::new_err(format!(
            "{players} players and {n} awards need {} values, got {}",
            players * n,
            values.len()
        )));
    }
    if let Some(&bad) = ways.iter().find(|&&w| w > awards::BOTH) {
        return Err(PyValueError::new_err(format!(
            "unknown declaration code {bad}"
        )));
    }
    let rules: Vec<AwardRule> = rules
        .iter()
        .map(|&(high_side, qualifier, best_possible)| AwardRule {
            high_side,
            qualifier,
            best_possible,
        })
        .collect();
    Ok(awards::decide(&rules, values, ways, tie_keeps))
}

/// `decide`'s answer: contender masks, winner masks, and (player, failure, award) of each out.
type Decided = (Vec<u16>, Vec<u16>, Vec<(usize, u8, u8)>);

/// Decide a pot's awards: (contender masks, winner masks, [(player, failure, award)] out).
#[pyfunction]
fn decide(rules: Vec<Rule>, values: Vec<i64>, ways: &[u8], tie_keeps: bool) -> PyResult<Decided> {
    let d = decided(&rules, &values, ways, tie_keeps)?;
    let out = (0..ways.len())
        .filter_map(|p| d.why[p].map(|(failure, award)| (p, failure as u8, award)))
        .collect();
    Ok((
        d.contenders[..d.awards].to_vec(),
        d.winners[..d.awards].to_vec(),
        out,
    ))
}

/// Each player's share of a pot in units of ``unit_for(players)`` (``decide``'s rules).
#[pyfunction]
fn shares(rules: Vec<Rule>, values: Vec<i64>, ways: &[u8], tie_keeps: bool) -> PyResult<Vec<i64>> {
    let d = decided(&rules, &values, ways, tie_keeps)?;
    let mut share = vec![0; ways.len()];
    d.units(ways.len(), awards::unit_for(ways.len()), &mut share);
    Ok(share)
}

/// Units in a whole pot of ``players`` players: every share is a whole number of them.
#[pyfunction]
fn unit_for(players: usize) -> PyResult<i64> {
    if !(1..=MAX_PLAYERS).contains(&players) {
        return Err(PyValueError::new_err(format!(
            "a pot has 1 to {MAX_PLAYERS} players, not {players}"
        )));
    }
    Ok(awards::unit_for(players))
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("NO_HAND", NO_HAND)?;
    m.add("PERFECT_DOOGIE", crate::doogie::PERFECT_DOOGIE)?;
    m.add("PERFECT_DOOGIE_HIGH", crate::doogie::PERFECT_DOOGIE_HIGH)?;
    let (codes, words) = (PyDict::new(m.py()), PyDict::new(m.py()));
    for (name, code, encoding) in kinds::NAMES {
        codes.set_item(name, code)?;
        words.set_item(code, encoding)?;
    }
    m.add("KINDS", codes)?;
    m.add("WORDS", words)?;
    m.add_function(wrap_pyfunction!(value, m)?)?;
    m.add_function(wrap_pyfunction!(batch, m)?)?;
    m.add_function(wrap_pyfunction!(used, m)?)?;
    m.add_function(wrap_pyfunction!(decide, m)?)?;
    m.add_function(wrap_pyfunction!(shares, m)?)?;
    m.add_function(wrap_pyfunction!(unit_for, m)?)?;
    crate::study::register(m)?;
    Ok(())
}
