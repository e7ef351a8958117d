//! The study engine's Python face: `splitpot._core.StudySpot`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use super::exact::{Level, Walk};
use super::montecarlo::{monte_carlo, Plan};
use super::spot::{Award, Draw, Spot, MAX_HOLE};

/// A checked spot as the study engine takes it (built by `splitpot.equity.engine.encode`).
#[pyclass(frozen, module = "splitpot._core")]
pub struct StudySpot {
    spot: Spot,
}

fn bad(why: impl Into<String>) -> PyErr {
    PyValueError::new_err(why.into())
}

fn award_of(row: &[i64]) -> PyResult<Award> {
    if row.len() != 9 {
        return Err(bad(format!(
            "an award row has 9 columns, not {}",
            row.len()
        )));
    }
    let small = |x: i64, what: &str| u8::try_from(x).map_err(|_| bad(format!("{what} {x}")));
    Ok(Award {
        kind: small(row[0], "award kind")?,
        aces_high: row[1] != 0,
        rule: crate::awards::AwardRule {
            high_side: row[6] == 1,
            qualifier: (row[2] != 0).then_some(row[3]),
            best_possible: (row[4] != 0).then_some(row[5]),
        },
        keep: small(row[7], "keep")?,
        hole_only: row[8] != 0,
    })
}

#[pymethods]
impl StudySpot {
    /// A spot: `known` the players' known cards (`hole` a row), `board` the board so far,
    /// `draws` (limit, board before) per draw to come, `fixed`/`wanted` per variant and
    /// player, `awards` rows of 9 ints, `deck` the unseen cards in deck order.
    #[new]
    #[pyo3(signature = (hole, board_cards, known, known_n, board, draws, fixed, wanted, awards, policy, tie_keeps, unit, defer, deck))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        hole: usize,
        board_cards: usize,
        known: Vec<u8>,
        known_n: Vec<usize>,
        board: Vec<u8>,
        draws: Vec<(usize, usize)>,
        fixed: Vec<Vec<i64>>,
        wanted: Vec<Vec<i64>>,
        awards: Vec<Vec<i64>>,
        policy: u8,
        tie_keeps: bool,
        unit: i64,
        defer: bool,
        deck: Vec<u8>,
    ) -> PyResult<Self> {
        if board.len() > 8 {
            return Err(bad(format!("a board of {} cards", board.len())));
        }
        let mut board0 = [0u8; 8];
        board0[..board.len()].copy_from_slice(&board);
        let variants = fixed.len();
        let players = known_n.len();
        if wanted.len() != variants || fixed.iter().chain(&wanted).any(|r| r.len() != players) {
            return Err(bad("the variants do not match the players"));
        }
        let award_list = awards
            .iter()
            .map(|r| award_of(r))
            .collect::<PyResult<Vec<_>>>()?;
        let spot = Spot {
            players,
            h: hole,
            b: board_cards,
            known,
            known_n,
            board0,
            nb0: board.len(),
            draws: draws
                .into_iter()
                .map(|(limit, board_before)| Draw {
                    limit,
                    board_before,
                })
                .collect(),
            variants,
            fixed: fixed.concat(),
            wanted: wanted.concat(),
            rules: super::spot::rules_of(&award_list),
            awards: award_list,
            policy,
            tie_keeps,
            unit,
            defer,
            deck,
        };
        spot.check().map_err(bad)?;
        Ok(StudySpot { spot })
    }

    /// The length of the flat tallies every run returns (variants x players x columns).
    #[getter]
    fn rows_len(&self) -> usize {
        self.spot.rows_len()
    }

    /// Monte Carlo: chunks `begin..end` (of 1,024 samples) of a run of `samples` seeded
    /// `seed`, on `threads` threads with the GIL released; the flat tallies, or None when a
    /// runout ran out of cards.
    #[pyo3(signature = (samples, seed, shared, hero, begin, end, threads))]
    #[allow(clippy::too_many_arguments)]
    fn sample(
        &self,
        py: Python<'_>,
        samples: u64,
        seed: u64,
        shared: bool,
        hero: Option<usize>,
        begin: u64,
        end: u64,
        threads: usize,
    ) -> PyResult<Option<Vec<i64>>> {
        let spot = &self.spot;
        if let Some(p) = hero {
            let ok = p < spot.players
                && spot.defer
                && spot.draws.len() == 1
                && (0..spot.variants).all(|v| spot.fixed[v * spot.players + p] >= 0);
            if !ok {
                return Err(bad(format!(
                    "seat {p} cannot be the deferred hero of this spot"
                )));
            }
        }
        if begin > end || end > samples.div_ceil(super::rng::CHUNK) {
            return Err(bad(format!("chunks {begin}..{end} of {samples} samples")));
        }
        let plan = Plan {
            samples,
            seed,
            shared,
            hero,
        };
        let mut rows = vec![0i64; spot.rows_len()];
        let ok = py.allow_threads(|| monte_carlo(spot, &plan, begin, end, threads, &mut rows));
        Ok(ok.then_some(rows))
    }

    /// Exact: every runout of `levels` ((cards, target) each, target -1 for the board), the
    /// hands starting from `base` (`hole` a row, `base_n` cards each); (runouts, tallies).
    #[pyo3(signature = (levels, base, base_n, threads))]
    fn walk(
        &self,
        py: Python<'_>,
        levels: Vec<(usize, i64)>,
        base: Vec<u8>,
        base_n: Vec<usize>,
        threads: usize,
    ) -> PyResult<(u64, Vec<i64>)> {
        let spot = &self.spot;
        let (players, h) = (spot.players, spot.h);
        if base.len() != players * h || base_n.len() != players || base_n.iter().any(|&n| n > h) {
            return Err(bad("the walk's hands do not match the players"));
        }
        let mut fill = base_n.clone();
        let mut nb = spot.nb0;
        let mut levels_out = Vec::with_capacity(levels.len());
        for &(cards, target) in &levels {
            let target = match usize::try_from(target) {
                Ok(p) if p < players => {
                    fill[p] += cards;
                    Some(p)
                }
                _ if target < 0 => {
                    nb += cards;
                    None
                }
                _ => return Err(bad(format!("a walk level for player {target}"))),
            };
            if cards == 0 {
                return Err(bad("a walk level of no cards"));
            }
            levels_out.push(Level { cards, target });
        }
        let dealt: usize = levels.iter().map(|l| l.0).sum();
        if fill.iter().any(|&n| n != h) || nb != spot.b || dealt > spot.deck.len() {
            return Err(bad(
                "the walk does not deal every hand and the board in full",
            ));
        }
        let walk = Walk {
            levels: levels_out,
            base,
            base_n,
        };
        let mut rows = vec![0i64; spot.rows_len()];
        let n = py.allow_threads(|| super::exact::walk(spot, &walk, threads, &mut rows));
        Ok((n, rows))
    }

    /// Exact over the board alone: every board of `k` more cards, the hands `holes` final;
    /// `modes` how each award is valued; (boards, tallies).
    #[pyo3(signature = (k, holes, modes, threads))]
    fn walk_boards(
        &self,
        py: Python<'_>,
        k: usize,
        holes: Vec<u8>,
        modes: Vec<u8>,
        threads: usize,
    ) -> PyResult<(u64, Vec<i64>)> {
        let spot = &self.spot;
        if holes.len() != spot.players * spot.h || holes.iter().any(|&c| c >= 52) {
            return Err(bad("the board walk's hands do not match the players"));
        }
        if modes.len() != spot.awards.len() || modes.iter().any(|&m| m > super::boards::DIRECT) {
            return Err(bad("one valuing mode per award, 0 to 3"));
        }
        let tabled = modes
            .iter()
            .any(|&m| m == super::boards::OMAHA || m == super::boards::HIGH);
        if spot.nb0 + k != spot.b
            || k > spot.deck.len()
            || (tabled && (spot.b != 5 || spot.h > MAX_HOLE))
        {
            return Err(bad(format!(
                "a board walk of {k} cards onto {} of {}",
                spot.nb0, spot.b
            )));
        }
        let mut rows = vec![0i64; spot.rows_len()];
        let n = py.allow_threads(|| {
            super::boards::walk_boards(spot, k, &holes, &modes, threads, &mut rows)
        });
        Ok((n, rows))
    }
}

/// The positions of `hand` that a player following `policy` (0 heuristic, 1 pat) throws on
/// `board`, at a draw of at most `limit` cards, in a game of `awards`: in the hand's order,
/// or least useful first when more would go than the draw allows.
#[pyfunction]
#[pyo3(name = "discard")]
fn discard_positions(
    hand: &[u8],
    board: &[u8],
    limit: usize,
    policy: u8,
    awards: Vec<Vec<i64>>,
) -> PyResult<Vec<usize>> {
    if hand.is_empty() || hand.len() > MAX_HOLE || board.len() > 5 {
        return Err(bad(format!(
            "a hand of {} cards on a board of {}",
            hand.len(),
            board.len()
        )));
    }
    let mut seen = 0u64;
    for &c in hand.iter().chain(board) {
        if c >= 52 || seen >> c & 1 != 0 {
            return Err(bad(format!("card {c} is not a card, or appears twice")));
        }
        seen |= 1 << c;
    }
    let awards = awards
        .iter()
        .map(|r| award_of(r))
        .collect::<PyResult<Vec<_>>>()?;
    if awards.is_empty() || awards.len() > super::spot::MAX_AWARDS {
        return Err(bad(format!("{} awards", awards.len())));
    }
    let ft = super::ranks::five_card_tables();
    Ok(super::draws::choose_order(
        hand, board, limit, policy, &awards, ft,
    ))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<StudySpot>()?;
    m.add_function(wrap_pyfunction!(discard_positions, m)?)?;
    m.add("STUDY_CHUNK", super::rng::CHUNK)?;
    Ok(())
}
