"""Equity per award, discard advice and Doogie declarations.

Exact results are checked against a brute force written plainly here: every way the unseen
cards can fall, each settled by the showdown with a pot that every split divides evenly.
"""

from __future__ import annotations

import json
from itertools import combinations

import pytest

from cli_run import cli
from splitpot.cards import full_deck, parse_cards
from splitpot.engine.showdown import settle
from splitpot.equity import equity
from splitpot.equity.advise import advise_discards, declaration_odds
from splitpot.errors import SplitpotError
from splitpot.games import GAMES
from splitpot.progress import Progress, listening

POT = 720_720  # divisible by every count of awards and tied players that can occur here


def brute_force(game_id, players, board, missing_board, declarations=None):  # type: ignore[no-untyped-def]
    """Each player's mean fraction of the pot over every runout, by the showdown itself."""
    game = GAMES[game_id]
    known = {name: list(parse_cards(cards)) for name, cards in players.items()}
    board_cards = list(parse_cards(board))
    used = {c for cards in known.values() for c in cards} | set(board_cards)
    unseen = [c for c in full_deck() if c not in used]
    totals = dict.fromkeys(players, 0.0)
    runouts = 0
    need_hole = {n: game.hole_cards - len(c) for n, c in known.items()}
    count = missing_board + sum(need_hole.values())
    for dealt in combinations(unseen, count):
        # every combination of the needed cards, and every way to hand them out
        rest = list(dealt)
        for assignment in _assignments(rest, need_hole, missing_board):
            hands = {n: known[n] + extra for n, extra in assignment["hands"].items()}
            result = settle(
                game_id, hands, board_cards + assignment["board"], pot=POT,
                declarations=declarations,
            )  # fmt: skip
            for name, chips in result.payouts.items():
                totals[name] += chips / POT
            runouts += 1
    return {name: total / runouts for name, total in totals.items()}, runouts


def _assignments(cards, need_hole, missing_board):  # type: ignore[no-untyped-def]
    names = [n for n, k in need_hole.items() if k]
    if not names:
        yield {"hands": {n: [] for n in need_hole}, "board": list(cards)}
        return

    def split(index, remaining, hands):  # type: ignore[no-untyped-def]
        if index == len(names):
            if len(remaining) == missing_board:
                yield {"hands": {n: hands.get(n, []) for n in need_hole}, "board": remaining}
            return
        name = names[index]
        for combo in combinations(remaining, need_hole[name]):
            left = [c for c in remaining if c not in combo]
            yield from split(index + 1, left, {**hands, name: list(combo)})

    yield from split(0, list(cards), {})


SPOTS = {
    # game: (players, board, cards to come on the board)
    "bodigiha": ({"A": "As 2h 3d 4c Kc", "B": "9s 9h Qd Qc 7s"}, "9d 5h Qs Jc", 1),
    "drawmaha": ({"A": "As Ah Kd Qc 8s", "B": "9s 9h 9d 4s 3d"}, "Ac Kh 7c 6d", 1),
    "drawmaha-27": ({"A": "7c 5d 4h 3s 2c", "B": "As Ah Ad Ks Kd"}, "Ac Kh 7s 4c", 1),
    "drawmadugi": ({"A": "As 2h 3d 4c Kc", "B": "9s 9h Qd Qc 7s"}, "9d 5h Qs Jc", 1),
    "triple-draw-dramaha": ({"A": "As Ah Kd Qc 8s", "B": "9s 9h 9d 4s 3d"}, "Ac Kh 7c 6d", 1),
    "sviten-special": ({"A": "As Ah Kd Qc 8s", "B": "9s 9h 9d 4s 3d"}, "Ac Kh 7c 6d", 1),
    "doogie": ({"A": "Kc Kd 3h 4s 6d Qc", "B": "Ad 3s 5h Jc Ts Th"}, "Kh Ks 2c", 1),
    "limit-holdem": ({"A": "As Kh", "B": "Qd Qc"}, "2c 7d 9h", 2),
    "holdem": ({"A": "As Ah", "B": "Kd Kc"}, "2c 7d 9h Ts", 1),
    "omaha": ({"A": "As Ah Kd Kc", "B": "2c 3d 4h 5s"}, "Kh Qs Jd Tc", 1),
    "omaha-5": ({"A": "As Ah Kd Kc 9c", "B": "2c 3d 4h 5s 6s"}, "Kh Qs Jd Tc", 1),
    "omaha-6": ({"A": "As Ah Kd Kc 9c 8c", "B": "2c 3d 4h 5s 6s 7s"}, "Kh Qs Jd Tc", 1),
    # no board: one opponent card unknown, no draw to come
    "badugi": ({"A": "As 2h 3d Kc", "B": "4s 5h 6d"}, "", 0),
    "badacey": ({"A": "As 2h 3d 4c Kc", "B": "4s 5h 6d 7c"}, "", 0),
    "badeucy": ({"A": "7s 2h 3d 4c Kc", "B": "4s 5h 6d 8c"}, "", 0),
    "27-triple-draw": ({"A": "7s 5h 4d 3c Kc", "B": "8s 6h 4h 2c"}, "", 0),
    "a5-triple-draw": ({"A": "As 2h 3d 6c Kc", "B": "4s 5h 6d 7c"}, "", 0),
    "27-single-draw": ({"A": "9s 7h 5d 4c 2c", "B": "8h 6d 4s 3c"}, "", 0),
}


@pytest.mark.parametrize("game_id", sorted(SPOTS))
def test_exact_equity_equals_plain_brute_force(game_id: str) -> None:
    players, board, missing = SPOTS[game_id]
    draws = 0 if GAMES[game_id].draws else None
    result = equity(game_id, players, board, exact=True, draws=draws)
    expected, runouts = brute_force(game_id, players, board, missing)
    assert result.method == "exact"
    assert result.runouts == runouts
    for name, share in expected.items():
        assert result.player(name).equity == pytest.approx(share, abs=1e-12)
    assert sum(p.equity for p in result.players) == pytest.approx(1.0, abs=1e-12)


def test_exact_equity_doogie_with_declarations() -> None:
    players, board, missing = SPOTS["doogie"]
    ways = {"A": "both", "B": "low"}
    result = equity("doogie", players, board, declarations=ways)
    expected, _ = brute_force("doogie", players, board, missing, declarations=ways)
    for name, share in expected.items():
        assert result.player(name).equity == pytest.approx(share, abs=1e-12)


@pytest.mark.parametrize("game_id", ["drawmaha", "bodigiha", "badugi", "omaha-5"])
def test_monte_carlo_within_four_standard_errors_of_exact(game_id: str) -> None:
    players, board, _ = SPOTS[game_id]
    if game_id == "badugi":
        players = {"A": "As 2h 3d Kc", "B": "4s 5h"}  # two unknown cards: more runouts
    if game_id == "omaha-5":
        players, board = {"A": "As Ah Kd Kc 9c", "B": "Qs Jh Td 9s 8h"}, "Kh Qc 2d"
    draws = 0 if GAMES[game_id].draws else None
    exact = equity(game_id, players, board, exact=True, draws=draws)
    sampled = equity(game_id, players, board, exact=False, samples=3000, seed=5, draws=draws)
    assert sampled.method == "monte-carlo" and sampled.runouts == 3000
    for player in sampled.players:
        assert player.std_error is not None and player.std_error > 0
        assert abs(player.equity - exact.player(player.name).equity) < 4 * player.std_error


def test_equity_is_reproducible_by_seed() -> None:
    args = ("drawmaha", {"A": "As Ah Kd Qc 8s", "B": "random"}, "Ac Kh 7c")
    first = equity(*args, samples=500, seed=3).to_json()
    second = equity(*args, samples=500, seed=3).to_json()
    assert first == second
    assert equity(*args, samples=500, seed=4).to_json() != first


class _CountingBar:
    """tqdm's face, as splitpot.progress uses it, counting what it is told."""

    def __init__(self) -> None:
        self.total: int | None = None
        self.n = 0
        self.updates = 0

    def update(self, steps: int) -> None:
        self.n += steps
        self.updates += 1

    def refresh(self) -> None:
        pass

    def close(self) -> None:
        pass


def test_a_listening_bar_sees_every_sample_and_changes_no_odds() -> None:
    players = {"A": "As Ah Kd Qc 8s", "B": "random", "C": "random"}
    alone = equity("drawmaha", players, samples=120_000, seed=4)
    counted = _CountingBar()
    with listening(Progress(counted)):
        listened = equity("drawmaha", players, samples=120_000, seed=4)
    assert listened == alone  # sliced into about 50 calls: the very same runouts
    assert counted.total == counted.n == 120_000 and counted.updates > 10
    options = advise_discards("badugi", "As 2d 3h 4c", opponents=1, samples=60_000, seed=2)
    counted = _CountingBar()
    with listening(Progress(counted)):
        again = advise_discards("badugi", "As 2d 3h 4c", opponents=1, samples=60_000, seed=2)
    assert again == options and counted.n == counted.total == 60_000


def test_unclaimed_half_goes_to_the_other_awards_winner() -> None:
    # Doogie, river: nobody can make a 7-doogie (the board has no low card of two suits...):
    # A's full house takes the high half and, with no qualifying low, the whole pot.
    players = {"A": "Kc Kd Qh Qs 9h 9c", "B": "Jc Js Td 8s 8h 9d"}
    result = equity("doogie", players, "Kh Ks Qc Jd")
    a, b = result.player("A"), result.player("B")
    assert a.awards["high"].win == 1.0
    assert a.awards["low"].share == b.awards["low"].share == 0.0
    assert a.equity == 1.0 and a.scoop == 1.0 and b.equity == 0.0


def test_unqualified_half_share_moves_over_on_some_runouts_only() -> None:
    # B draws to a 7-doogie (a low spade), never to the perfect one: when it comes in, B
    # takes low; otherwise A's four kings take everything.
    players = {"A": "Kc Kd Qh Qs 9h 9c", "B": "Ac 2d 5h Ts Js 8d"}
    result = equity("doogie", players, "Kh Ks Qc")
    a, b = result.player("A"), result.player("B")
    low_share = b.awards["low"].share
    assert 0 < low_share < 1
    assert a.equity == pytest.approx(1 - low_share / 2, abs=1e-12)


def test_single_award_tie_is_split() -> None:
    result = equity("holdem", {"A": "As Kd", "B": "Ah Kc"}, "2c 7d 9h Ts 3s")
    assert result.player("A").awards["holdem"].tie == 0.5
    assert result.player("A").equity == 0.5


def test_partly_unknown_hands() -> None:
    result = equity("drawmaha", {"A": "As Ah Kd Qc 8s", "B": "9s 9h 9d 4s"}, "Ac Kh 7c 6d 2h")
    assert result.method == "exact"
    assert result.runouts == 52 - 5 - 4 - 5


def test_discard_is_applied_and_draws_counted() -> None:
    result = equity(
        "bodigiha", {"A": "As 2h 3d 4c Kc", "B": "9s 9h Qd Qc 7s"}, "9d 5h Qs",
        discards={"A": "Kc"}, policy="pat", exact=True,
    )  # fmt: skip
    assert result.draws == 1 and result.method == "exact"
    # A keeps the wheel badugi; B stands pat with a three-card badugi: A always wins it.
    assert result.player("A").awards["badugi"].win == 1.0


def test_drawmaha_seed_discard_pulls_the_halves_apart() -> None:
    # Seed: A♠A♥K♠Q♠Q♦ on J♠10♠7♣. Throwing K♠ keeps both pairs (better draw half);
    # throwing Q♦ keeps the spades (better Omaha half).
    options = advise_discards("drawmaha", "As Ah Ks Qs Qd", "Js Ts 7c", opponents=1,
                              samples=1500, seed=1)  # fmt: skip
    by_discard = {tuple(str(c) for c in o.discard): o.result.player("you") for o in options}
    throw_king, throw_queen = by_discard[("Ks",)], by_discard[("Qd",)]
    assert throw_king.awards["draw"].share > throw_queen.awards["draw"].share
    assert throw_queen.awards["omaha"].share > throw_king.awards["omaha"].share
    assert len(options) == 2**5  # every subset of five cards


def test_advise_respects_the_largest_discard() -> None:
    options = advise_discards("bodigiha", "As 2h 3d 4c Kc", "9d 5h Qs", opponents=1,
                              samples=200)  # fmt: skip
    assert len(options) == 1 + 5 + 10
    assert max(len(o.discard) for o in options) == 2
    assert options == sorted(options, key=lambda o: o.equity, reverse=True)


def test_declaration_odds_known_opponent() -> None:
    # A: four kings and a 6 doogie; B: a 5 doogie declaring low. Declaring both loses low
    # and so everything; high takes half; low gets nothing.
    odds = declaration_odds(
        "Kc Kd 3h 4s 6d Qc",
        "Kh Ks 2c 9d",
        opponent_hands=["Ad 3s 5h Jc Ts Th"],
        opponent_declarations=["low"],
    )
    assert odds.method == "exact"
    assert odds.shares == {"high": 0.5, "low": 0.0, "both": 0.0}
    assert odds.best == "high"


def test_declaration_odds_perfect_doogie_declares_both() -> None:
    # On four kings every hand qualifies high, so high is worth the whole pot too, except when
    # the opponent also holds a perfect doogie (rare: enough samples to meet it).
    odds = declaration_odds("Ac 2d 3h 4s 9c 9d", "Kh Ks Kc Kd", opponents=1, samples=20_000)
    assert odds.shares["both"] == pytest.approx(1.0, abs=0.02)
    assert odds.best == "both"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": {"A": "As Kx", "B": "9s 9h 9d 4s 3d"}}, "unknown suit"),
        ({"players": {"A": "As Ah Kd Qc 8s", "B": "As 9h 9d 4s 3d"}}, "appears twice"),
        ({"players": {"A": "As Ah Kd Qc 8s"}}, "at least two players"),
        ({"discards": {"A": "2c"}}, "not in their hand"),
        ({"discards": {"A": "As Ah Kd Qc 8s"}, "board": "Ac Kh 7c 6d"}, "no draw is to come"),
        ({"policy": "greedy"}, "policy 'greedy'"),
    ],
)
def test_equity_errors(kwargs: dict, message: str) -> None:  # type: ignore[type-arg]
    args = {"players": {"A": "As Ah Kd Qc 8s", "B": "9s 9h 9d 4s 3d"}, "board": "Ac Kh 7c"}
    args.update(kwargs)
    with pytest.raises(SplitpotError, match=message):
        equity("drawmaha", args.pop("players"), args.pop("board"), samples=10, **args)


run = cli


def test_cli_equity_text_and_json() -> None:
    argv = ["equity", "drawmaha", "--player", "A=As Ah Kd Qc 8s", "--player", "B=9s 9h 9d 4s 3d",
            "--board", "Ac Kh 7c 6d"]  # fmt: skip
    code, out = run(argv)
    assert code == 0
    assert out.splitlines()[0] == "Drawmaha: exact over 38 runouts"
    code, out = run([*argv, "--json"])
    report = json.loads(out)
    assert report["method"] == "exact" and report["runouts"] == 38
    assert set(report["players"]["A"]["awards"]) == {"omaha", "draw"}
    assert report["players"]["A"]["equity"] + report["players"]["B"]["equity"] == pytest.approx(1)


def test_cli_equity_samples_and_random_player() -> None:
    code, out = run(
        [
            "equity",
            "bodigiha",
            "--player",
            "A=As 2h 3d 4c Kc",
            "--player",
            "B=random",
            "--board",
            "9d 5h Qs",
            "--samples",
            "300",
            "--seed",
            "2",
            "--json",
        ]
    )
    report = json.loads(out)
    assert code == 0 and report["method"] == "monte-carlo" and report["samples"] == 300
    assert report["players"]["A"]["std_error"] > 0


def test_cli_advise_and_declare() -> None:
    code, out = run(["advise", "badugi", "--hand", "As 2h 3d Kc", "--opponents", "1",
                     "--samples", "200"])  # fmt: skip
    assert code == 0 and "every discard from As 2h 3d Kc" in out
    code, out = run(
        [
            "advise",
            "doogie",
            "--hand",
            "Kc Kd 3h 4s 6d Qc",
            "--board",
            "Kh Ks 2c 9d",
            "--opponent-hand",
            "Ad 3s 5h Jc Ts Th",
            "--opponent-declare",
            "low",
        ]
    )
    assert code == 0 and out.strip().endswith("Best: declare high")


def test_cli_equity_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(["equity", "drawmaha", "--player", "A=As Ah Kd Qc 8s", "--player", "B=Zz"])
    assert code == 1 and out == ""
    assert "unknown rank 'Z'" in capsys.readouterr().err


def test_big_monte_carlo_runs_on_threads_and_depends_only_on_the_seed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The core's Monte Carlo on every core (the GIL released), against one thread.
    from splitpot.equity import engine

    monkeypatch.setattr(engine, "PARALLEL_RUNOUTS", 400)
    monkeypatch.setattr(engine, "all_threads", lambda: 2)
    args = ("drawmaha", {"A": "As Ah Kd Qc 8s", "B": "9s 9h 9d"}, "Ac Kh 7c 6d")
    threaded = equity(*args, samples=4000, seed=9, exact=False)
    monkeypatch.setattr(engine, "PARALLEL_RUNOUTS", 10**9)
    one_thread = equity(*args, samples=4000, seed=9, exact=False)
    assert threaded.runouts == 4000
    assert threaded.to_json() == one_thread.to_json()
    exact = equity(*args, exact=True)
    for player in threaded.players:
        assert player.std_error is not None
        assert abs(player.equity - exact.player(player.name).equity) < 4 * player.std_error


def test_triple_draw_six_players_reshuffles_instead_of_running_out() -> None:
    # Six Badacey hands and three draws need more cards than the deck holds: the discards
    # are reshuffled, as at the table.
    result = equity("badacey", {f"p{i}": "random" for i in range(6)}, samples=200, seed=1)
    assert result.method == "monte-carlo"
    assert sum(p.equity for p in result.players) == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: equity("drawmaha", {"A": "As Ah Kd Qc 8s", "B": "random"}, samples=0),
            "samples must be a whole number of at least 1, not 0",
        ),
        (lambda: equity("drawmaha", {"A": "As Ah Kd Qc 8s", "B": "random"}, samples=-5), "not -5"),
        (
            lambda: equity("drawmaha", {"A": "As Ah Kd Qc 8s", "B": "random"}, "Ac Kh"),
            "the board has 2 cards; in Drawmaha it has 0, 3, 4 or 5 at some point",
        ),
        (
            lambda: equity("doogie", {"A": "As Ah Kd Qc 8s 2c", "B": "random"}, "Ac Kh Kd Ks Jc"),
            "the board has 5 cards; Doogie has 4",
        ),
        (
            lambda: equity("badugi", {"A": "As 2h 3d Kc", "B": "random"}, "Ac"),
            "the board has 1 cards; Badugi has 0",
        ),
        (
            lambda: advise_discards("drawmaha", "As Ah Ks Qs Qd", "Js Ts", opponents=1),
            "the board has 2 cards; in Drawmaha it has 0, 3, 4 or 5",
        ),
        (
            lambda: advise_discards("drawmaha", "As Ah Ks Qs Qd", "Js Ts 7c", opponents=0),
            "opponents must be at least 1, not 0",
        ),
        (
            lambda: advise_discards("drawmaha", "As Ah Ks Qs Qd", "Js Ts 7c", samples=0),
            "samples must be a whole number of at least 1, not 0",
        ),
        (
            lambda: declaration_odds("Kc Kd 3h 4s 6d Qc", "Kh Ks 2c 9d", opponents=-1),
            "opponents must be at least 1, not -1",
        ),
        (
            lambda: declaration_odds("Kc Kd 3h 4s 6d Qc", "Kh Ks 2c 9d", samples=0),
            "samples must be",
        ),
    ],
)
def test_bad_counts_and_boards_are_refused(call, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SplitpotError, match=message):
        call()


@pytest.mark.parametrize(
    "argv",
    [
        [
            "equity",
            "drawmaha",
            "--player",
            "A=As Ah Kd Qc 8s",
            "--player",
            "B=random",
            "--board",
            "Ac Kh",
        ],
        [
            "advise",
            "drawmaha",
            "--hand",
            "As Ah Ks Qs Qd",
            "--board",
            "Js Ts 7c",
            "--opponents",
            "0",
        ],
        [
            "advise",
            "drawmaha",
            "--hand",
            "As Ah Ks Qs Qd",
            "--board",
            "Js Ts 7c",
            "--opponents",
            "-2",
        ],
        [
            "equity",
            "drawmaha",
            "--player",
            "A=As Ah Kd Qc 8s",
            "--player",
            "B=random",
            "--samples",
            "-3",
        ],
    ],
)
def test_cli_refuses_bad_counts_and_boards(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        code, out = run(argv)
    except SystemExit as exit_:  # argparse's refusal of a malformed command line
        code, out = int(str(exit_.code)), ""
    assert code in (1, 2) and out == ""
    err = capsys.readouterr().err
    assert err.startswith(("splitpot: error: ", f"splitpot {argv[0]}: error: "))
    assert len(err.strip().splitlines()) == 1


def test_advise_options_get_the_runouts_equity_deals_them_alone() -> None:
    # Every option over the same runouts, in one call: each the very runouts equity() deals
    # for that discard alone with the same seed.
    options = advise_discards("drawmaha", "As Ah Ks Qs Qd", "Js Ts 7c", opponents=1,
                              samples=500, seed=4)  # fmt: skip
    for option in options[:5]:
        alone = equity("drawmaha", {"you": "As Ah Ks Qs Qd", "opp1": "random"}, "Js Ts 7c",
                       discards={"you": option.discard}, samples=500, seed=4)  # fmt: skip
        assert alone.to_json() == option.result.to_json()


def test_declaration_odds_equal_the_python_reference_on_known_hands() -> None:
    import random

    from oracle import reference
    from splitpot.cards import Card
    from splitpot.games import GAMES

    game = GAMES["doogie"]
    rng = random.Random(3)
    short = [r * 4 + s for r in (12, 0, 1, 2, 3, 11, 10) for s in range(4)]
    for _ in range(150):
        players = rng.choice([2, 3, 4])
        cards = [Card(c) for c in rng.sample(short if rng.random() < 0.5 else range(52),
                                              6 * players + 4)]  # fmt: skip
        hands = [cards[6 * i : 6 * i + 6] for i in range(players)]
        board = cards[6 * players :]
        fixed = [rng.choice([None, "high", "low", "both"]) for _ in range(players - 1)]
        odds = declaration_odds(hands[0], board, opponent_hands=hands[1:],
                                opponent_declarations=fixed)  # fmt: skip
        names = ["you", *(f"opp{i}" for i in range(1, players))]
        want = reference.declaration_shares(
            game, dict(zip(names, hands, strict=True)), board, "you",
            {n: w for n, w in zip(names[1:], fixed, strict=True) if w},
        )  # fmt: skip
        assert odds.method == "exact"
        assert odds.shares == pytest.approx(want, abs=1e-12), (hands, board, fixed)
