//! One kind's batch, as `_core.batch` runs it: `cargo run --release --example batch -- omaha 5 5 2000000`
//! (for timing, and for callgrind: run it with 0 and with N hands, the difference per hand).
use _core::kinds::{values_into, NAMES};
use std::mem::MaybeUninit;

mod common;
use common::deal;

/// This thread's CPU time (time other processes held the CPU does not count).
fn cpu_seconds() -> f64 {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid timespec for the call to fill.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    now.tv_sec as f64 + now.tv_nsec as f64 * 1e-9
}

#[inline(never)]
fn timed_batch(
    kind: u8,
    holes: (&[u8], usize),
    boards: (&[u8], usize),
    out: &mut [MaybeUninit<u8>],
) {
    assert!(
        values_into(kind, false, holes, boards, out),
        "cards below 52"
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let kind = NAMES.iter().find(|n| n.0 == args[1]).expect("a kind").1;
    let (h, b, n): (usize, usize, usize) = (
        args[2].parse().unwrap(),
        args[3].parse().unwrap(),
        args[4].parse().unwrap(),
    );
    let rounds: usize = args.get(5).map_or(3, |r| r.parse().unwrap());
    let cards = deal(n, h + b, 88_172_645_463_325_252);
    let (mut holes, mut boards) = (Vec::new(), Vec::new());
    for hand in cards.chunks_exact(h + b) {
        holes.extend_from_slice(&hand[..h]);
        boards.extend_from_slice(&hand[h..]);
    }
    if std::env::var("SAME_BOARD").is_ok() {
        let first: Vec<u8> = boards[..b].to_vec();
        let hs: Vec<u8> = holes.clone();
        for (i, hole) in hs.chunks_exact(h).enumerate() {
            if hole.iter().all(|c| !first.contains(c)) {
                boards[i * b..][..b].copy_from_slice(&first);
            }
        }
    }
    _core::tables::tables();
    let mut out = vec![MaybeUninit::new(0u8); n * 8];
    let mut best = f64::MAX;
    for _ in 0..rounds {
        let start = cpu_seconds();
        timed_batch(kind, (&holes, h), (&boards, b), &mut out);
        best = best.min(cpu_seconds() - start);
    }
    // SAFETY: `out` starts initialised (zeros) and the batch writes only values.
    let sum: u64 = out
        .iter()
        .map(|x| u64::from(unsafe { x.assume_init() }))
        .sum();
    println!(
        "{} {h}+{b}: {:.1} M/s ({sum})",
        args[1],
        n as f64 / best / 1e6
    );
}
