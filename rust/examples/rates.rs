//! Kernel rates without Python: `cargo run --release --example rates`.
use _core::kinds::{
    award_value_of, A5, BADUGI, DEUCE_SEVEN, DOOGIE_HIGH, DOOGIE_LOW, DRAW_HIGH, HIGH, OMAHA,
};
use _core::tables::tables;
use std::time::Instant;

mod common;
use common::deal;

fn main() {
    let t = tables();
    let n = 2_000_000;
    for (name, kind, h, b) in [
        ("high 7", HIGH, 2, 5),
        ("high 5", DRAW_HIGH, 5, 0),
        ("high 10", HIGH, 6, 4),
        ("omaha 4", OMAHA, 4, 5),
        ("omaha 5", OMAHA, 5, 5),
        ("omaha 6", OMAHA, 6, 5),
        ("badugi 4", BADUGI, 4, 0),
        ("badugi 5", BADUGI, 5, 0),
        ("2-7", DEUCE_SEVEN, 5, 0),
        ("a5", A5, 5, 0),
        ("doogie low", DOOGIE_LOW, 6, 4),
        ("doogie high", DOOGIE_HIGH, 6, 4),
    ] {
        let cards = deal(n, h + b, 88172645463325252);
        let mut best = f64::MAX;
        let mut sum = 0i64;
        for _ in 0..3 {
            let clock = Instant::now();
            for hand in cards.chunks_exact(h + b) {
                let (hole, board) = hand.split_at(h);
                sum = sum.wrapping_add(award_value_of(t, kind, false, hole, board));
            }
            best = best.min(clock.elapsed().as_secs_f64());
        }
        println!("{name:12} {:7.1} M/s ({sum})", n as f64 / best / 1e6);
    }
}
