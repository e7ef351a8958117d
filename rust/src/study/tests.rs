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
