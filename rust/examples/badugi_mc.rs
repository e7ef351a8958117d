//! The study engine's heads-up Badugi Monte Carlo without Python (the row-3 task of
//! `benchmarks/bench_equity.py --only study`): `cargo run --release --example badugi_mc
//! [SAMPLES]`. Plays the five hand pairs the benchmark deals with its default seed (three
//! draws, heuristic keep policy, one thread) and prints samples per second and each spot's
//! tallies, so that a change can be checked to give the same seeded results. Under `valgrind
//! --tool=callgrind`, the difference between two runs' instruction counts (say 2000 and 22000
//! samples) over the samples between them is the cost of a sample.
use _core::kinds::BADUGI;
use _core::study::draws::KEEP_BADUGI;
use _core::study::montecarlo::{monte_carlo, Plan};
use _core::study::rng::CHUNK;
use _core::study::spot::{rules_of, Award, Draw, Spot, HEURISTIC};
use std::time::Instant;

/// `random.Random("1/badugi").sample(range(52), 8)` five times (the benchmark's spots).
const DEALS: [[u8; 8]; 5] = [
    [18, 20, 22, 6, 47, 42, 26, 43],
    [25, 13, 39, 31, 36, 1, 30, 38],
    [29, 44, 30, 45, 35, 11, 19, 20],
    [44, 34, 14, 17, 1, 22, 28, 10],
    [22, 51, 36, 28, 34, 45, 9, 6],
];

/// The spot `engine.encode` makes for two known Badugi hands, three draws to come.
fn spot(known: &[u8; 8]) -> Spot {
    let awards = vec![Award {
        kind: BADUGI,
        keep: KEEP_BADUGI,
        hole_only: true,
        ..Award::default()
    }];
    let draw = Draw {
        limit: 4,
        board_before: 0,
    };
    Spot {
        players: 2,
        h: 4,
        b: 0,
        known: known.to_vec(),
        known_n: vec![4, 4],
        board0: [0; 8],
        nb0: 0,
        draws: vec![draw; 3],
        variants: 1,
        fixed: vec![-1, -1],
        wanted: vec![0, 0],
        rules: rules_of(&awards),
        awards,
        policy: HEURISTIC,
        tie_keeps: true,
        unit: 4,
        defer: false,
        deck: (0..52u8).filter(|c| !known.contains(c)).collect(),
    }
}

fn main() {
    let samples: u64 = std::env::args()
        .nth(1)
        .map_or(200_000, |a| a.parse().expect("SAMPLES: a number"));
    // a warm-up: the tables and the keep's table are built on first use
    let warm = spot(&DEALS[0]);
    let plan = Plan {
        samples: CHUNK,
        seed: 0,
        shared: true,
        hero: None,
    };
    assert!(monte_carlo(
        &warm,
        &plan,
        0,
        1,
        1,
        &mut vec![0; warm.rows_len()]
    ));
    let mut total = 0.0;
    for (i, deal) in DEALS.iter().enumerate() {
        let spot = spot(deal);
        spot.check().expect("a valid spot");
        let plan = Plan {
            samples,
            seed: i as u64,
            shared: true,
            hero: None,
        };
        let mut rows = vec![0; spot.rows_len()];
        let clock = Instant::now();
        assert!(monte_carlo(
            &spot,
            &plan,
            0,
            samples.div_ceil(CHUNK),
            1,
            &mut rows
        ));
        let took = clock.elapsed().as_secs_f64();
        total += took;
        println!(
            "spot {i}: {:.2}M samples/s {rows:?}",
            samples as f64 / took / 1e6
        );
    }
    println!("all: {:.2}M samples/s", 5.0 * samples as f64 / total / 1e6);
}
