//! The study engine: exact walks and seeded Monte Carlo for every game and street, the draw
//! policies, the discard advisor's options in one run, Doogie's declaration odds.
//!
//! - [`rng`]: SplitMix64 streams, one per sample; [`ranks`]: five-card rank-pattern tables;
//! - [`spot`]: a spot as the engine takes it; [`draws`]: the keep policies;
//! - [`runout`]: one runout dealt and valued; [`settle`]: one deal settled into the tallies;
//! - [`montecarlo`], [`exact`], [`boards`]: the three ways of running a spot.
//!
//! Tallies are integers (pot units), so a result never depends on the thread count.

// the walks index several arrays by one position at a time, as the engine they port did
#![allow(clippy::needless_range_loop)]

pub mod boards;
pub mod draws;
pub mod exact;
pub mod montecarlo;
pub mod ranks;
pub mod rng;
pub mod runout;
pub mod settle;
pub mod spot;

#[cfg(feature = "python")]
mod python;
#[cfg(test)]
mod tests;

use std::sync::{Arc, Mutex};

static POOLS: Mutex<Vec<(usize, Arc<rayon::ThreadPool>)>> = Mutex::new(Vec::new());

/// A thread pool of `threads` threads (made once per count, then kept); None when no thread
/// could be started (the caller then runs on its own thread: the same totals).
pub(crate) fn pool(threads: usize) -> Option<Arc<rayon::ThreadPool>> {
    let mut pools = POOLS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, p)) = pools.iter().find(|(n, _)| *n == threads) {
        return Some(p.clone());
    }
    let built = Arc::new(
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .ok()?,
    );
    pools.push((threads, built.clone()));
    Some(built)
}

/// Run `job` on a pool of `threads` threads, or on this thread if none can be had.
pub(crate) fn on_threads<T: Send>(threads: usize, job: impl FnOnce() -> T + Send) -> T {
    match pool(threads) {
        Some(p) => p.install(job),
        None => job(),
    }
}

/// An exact walk over `firsts` first cards on `threads` threads: `range(first, part)` walks
/// the runouts that start with first card `first` into a tally of its own; the tallies are
/// added into `rows`; the count. Early first cards head far more runouts than late ones, so
/// they are handed out interleaved (0, last, 1, ...).
pub(crate) fn walk_firsts(
    threads: usize,
    firsts: usize,
    rows: &mut [i64],
    range: impl Fn(usize, &mut [i64]) -> u64 + Sync,
) -> u64 {
    use rayon::prelude::*;
    let width = rows.len();
    let run = || {
        (0..firsts)
            .into_par_iter()
            .map(|j| {
                let first = if j % 2 == 0 {
                    j / 2
                } else {
                    firsts - 1 - j / 2
                };
                let mut part = vec![0i64; width];
                let n = range(first, &mut part);
                (n, part)
            })
            .collect::<Vec<_>>()
    };
    let mut total = 0;
    for (n, part) in on_threads(threads, run) {
        total += n;
        for (r, x) in rows.iter_mut().zip(part) {
            *r += x;
        }
    }
    total
}

#[cfg(feature = "python")]
pub fn register(m: &pyo3::Bound<'_, pyo3::types::PyModule>) -> pyo3::PyResult<()> {
    python::register(m)
}
