//! The study engine's own tests (pure Rust; the Python tests compare it with the numba
//! engine's pinned results, tests/fixtures/equity_fixture.json.gz).

use super::boards::{walk_boards, HIGH as BOARD_HIGH, OMAHA as BOARD_OMAHA};
use super::spot::{rules_of, Award, Spot, CARDS_SPEAK, WINS};
use crate::kinds;

/// A spot of one high award (`kind`), every hand known, on `board`.
fn one_award_spot(kind: u8, holes: &[&[u8]], board: &[u8]) -> Spot {
    let players = holes.len();
    let h = holes[0].len();
    let taken: Vec<u8> = holes
        .iter()
        .flat_map(|x| x.iter().copied())
        .chain(board.iter().copied())
        .collect();
    let awards = vec![Award {
        kind,
        keep: super::draws::KEEP_ALL,
        ..Award::default()
    }];
    let mut board0 = [0u8; 8];
    board0[..board.len()].copy_from_slice(board);
    Spot {
        players,
        h,
        b: 5,
        known: taken[..players * h].to_vec(),
        known_n: vec![h; players],
        board0,
        nb0: board.len(),
        draws: vec![],
        variants: 1,
        fixed: vec![-1; players],
        wanted: vec![i64::from(CARDS_SPEAK); players],
        rules: rules_of(&awards),
        awards,
        policy: super::spot::PAT,
        tie_keeps: true,
        unit: 2 * (1..=players as i64).fold(1, |l, n| l * n / gcd(l, n)),
        defer: false,
        deck: (0..52u8).filter(|c| !taken.contains(c)).collect(),
    }
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

fn run_boards(spot: &Spot, mode: u8, threads: usize) -> (u64, Vec<i64>) {
    let mut rows = vec![0; spot.rows_len()];
    let k = spot.b - spot.nb0;
    let n = walk_boards(spot, k, &spot.known.clone(), &[mode], threads, &mut rows);
    (n, rows)
}

fn wins_and_ties(spot: &Spot, rows: &[i64]) -> (Vec<i64>, Vec<i64>) {
    let w = spot.width();
    let wins = (0..spot.players).map(|p| rows[p * w + WINS]).collect();
    let ties = (0..spot.players).map(|p| rows[p * w + WINS + 1]).collect();
    (wins, ties)
}

#[test]
fn a_holdem_flop_walk_gives_the_numba_engines_counts() {
    // tests/fixtures/equity_fixture.json.gz, "fast": three hands on a flop
    let spot = one_award_spot(kinds::HIGH, &[&[36, 20], &[42, 40], &[27, 3]], &[19, 8, 13]);
    let (n, rows) = run_boards(&spot, BOARD_HIGH, 1);
    assert_eq!(n, 903);
    assert_eq!(
        wins_and_ties(&spot, &rows),
        (vec![268, 475, 151], vec![36, 36, 36])
    );
}

#[test]
fn an_omaha_turn_walk_gives_the_numba_engines_counts() {
    let spot = one_award_spot(
        kinds::OMAHA,
        &[&[12, 20, 36, 8], &[21, 27, 13, 17]],
        &[43, 6, 24, 35],
    );
    let (n, rows) = run_boards(&spot, BOARD_OMAHA, 1);
    assert_eq!(n, 40);
    assert_eq!(wins_and_ties(&spot, &rows), (vec![7, 33], vec![0, 0]));
}

#[test]
fn a_walk_gives_the_same_tallies_on_one_and_two_threads() {
    let spot = one_award_spot(
        kinds::OMAHA,
        &[&[0, 5, 10, 15, 20], &[1, 6, 11, 16, 21]],
        &[30],
    );
    let one = run_boards(&spot, BOARD_OMAHA, 1);
    assert_eq!(one.0, 101_270); // C(41, 4)
    assert_eq!(run_boards(&spot, BOARD_OMAHA, 2), one);
    assert_eq!(run_boards(&spot, BOARD_OMAHA, 3), one);
}

/// Heads-up Badugi, both hands known, three draws to come, the heuristic policy.
fn badugi_spot() -> Spot {
    let known = vec![0, 1, 2, 3, 48, 49, 44, 45]; // four deuces; two aces, two kings
    let awards = vec![Award {
        kind: kinds::BADUGI,
        keep: super::draws::KEEP_BADUGI,
        hole_only: true,
        ..Award::default()
    }];
    Spot {
        players: 2,
        h: 4,
        b: 0,
        deck: (0..52u8).filter(|c| !known.contains(c)).collect(),
        known,
        known_n: vec![4, 4],
        board0: [0; 8],
        nb0: 0,
        draws: vec![
            super::spot::Draw {
                limit: 4,
                board_before: 0
            };
            3
        ],
        variants: 1,
        fixed: vec![-1, -1],
        wanted: vec![0, 0],
        rules: rules_of(&awards),
        awards,
        policy: super::spot::HEURISTIC,
        tie_keeps: true,
        unit: 4,
        defer: false,
    }
}

#[test]
fn monte_carlo_gives_the_same_tallies_on_one_and_two_threads() {
    use super::montecarlo::{monte_carlo, Plan};
    let spot = badugi_spot();
    assert_eq!(spot.check(), Ok(()));
    let plan = Plan {
        samples: 10_000,
        seed: 42,
        shared: true,
        hero: None,
    };
    let chunks = plan.samples.div_ceil(super::rng::CHUNK);
    let run = |threads: usize| {
        let mut rows = vec![0; spot.rows_len()];
        assert!(monte_carlo(&spot, &plan, 0, chunks, threads, &mut rows));
        rows
    };
    let one = run(1);
    assert_eq!(run(2), one);
    assert_eq!(run(4), one);
    // the shares add up to the whole pot on every sample, and another seed differs
    let w = spot.width();
    assert_eq!(one[0] + one[w], spot.unit * 10_000);
    let other = Plan { seed: 43, ..plan };
    let mut rows = vec![0; spot.rows_len()];
    assert!(monte_carlo(&spot, &other, 0, chunks, 1, &mut rows));
    assert_ne!(rows, one);
}

#[test]
fn slices_of_chunks_add_up_to_the_whole_run() {
    use super::montecarlo::{monte_carlo, Plan};
    let spot = badugi_spot();
    let plan = Plan {
        samples: 5_000,
        seed: 7,
        shared: true,
        hero: None,
    };
    let mut whole = vec![0; spot.rows_len()];
    assert!(monte_carlo(&spot, &plan, 0, 5, 1, &mut whole));
    let mut parts = vec![0; spot.rows_len()];
    for begin in 0..5 {
        assert!(monte_carlo(&spot, &plan, begin, begin + 1, 2, &mut parts));
    }
    assert_eq!(parts, whole);
}

#[test]
fn a_spot_whose_awards_cannot_value_its_hands_is_refused() {
    let mut spot = badugi_spot();
    spot.awards[0].kind = kinds::DRAW_HIGH; // five cards needed, the hands hold four
    spot.rules = rules_of(&spot.awards);
    assert!(spot.check().is_err());
}
