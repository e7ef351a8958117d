"""Issue 26, absurd values: stakes, buy-ins and sample counts over a fixed ceiling, and a buy-in
smaller than what a seat must post, are refused with the limit named, in the core (so every
command and the web refuse them the same way)."""

from __future__ import annotations

import pytest

from cli_run import cli_captured
from splitpot.bots.match import play_match
from splitpot.engine.options import MAX_CHIPS, MAX_STAKE, Stakes
from splitpot.equity.spot import MAX_SAMPLES, check_samples
from splitpot.errors import GameSpecError, ShowdownError
from splitpot.games import find_game

BADUGI = find_game("badugi")
DOOGIE = find_game("doogie")


def refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    code, out, err = cli_captured(argv, capsys)
    assert code != 0, (code, out, err)
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


def test_a_blind_ante_or_bet_over_a_million_chips_is_refused_with_the_limit_named() -> None:
    assert MAX_STAKE == 10**6
    for text, name in (("1/10000000", "big blind"), ("1/2 ante 999999999", "ante"),
                       ("1/2/2000000", "big bet")):  # fmt: skip
        with pytest.raises(GameSpecError, match=f"the {name} is .*at most 1,000,000 chips"):
            Stakes.parse(text, BADUGI)
    assert Stakes.parse("500000/1000000/1000000", BADUGI).big_blind == MAX_STAKE


def test_a_buy_in_over_a_billion_chips_or_below_the_forced_bets_is_refused() -> None:
    stakes = Stakes.parse("1/2 ante 999999", BADUGI)
    with pytest.raises(GameSpecError, match=r"buy-in 200: smaller than the ante and big blind a "
                       r"seat posts \(1,000,001 chips\)"):  # fmt: skip
        stakes.check_buy_in(200, BADUGI)
    stakes.check_buy_in(1_000_001, BADUGI)
    with pytest.raises(GameSpecError, match="buy-in 1,000,000,001: the limit is 1,000,000,000"):
        Stakes.parse("1/2", BADUGI).check_buy_in(MAX_CHIPS + 1, BADUGI)
    Stakes.parse("1/2", BADUGI).check_buy_in(MAX_CHIPS, BADUGI)
    # An ante game posts the ante alone (its blinds are not posted).
    Stakes.parse("5/10", DOOGIE).check_buy_in(5, DOOGIE)
    with pytest.raises(GameSpecError, match="smaller than the ante a seat posts"):
        Stakes.parse("5/10", DOOGIE).check_buy_in(4, DOOGIE)


def test_simulate_refuses_an_ante_over_the_stack_and_stakes_over_the_ceiling(
    capsys: pytest.CaptureFixture[str],
) -> None:
    base = ["simulate", "badugi", "--hands", "2", "--no-store"]
    err = refused([*base, "--stakes=1/2 ante 999999"], capsys)
    assert "--stack 200: smaller than the ante and big blind a seat posts (1,000,001 chips)" in err
    err = refused([*base, "--stakes=1/10000000"], capsys)
    assert "the big blind is 10,000,000 chips" in err and "at most 1,000,000" in err
    err = refused([*base, "--stack", "2000000000"], capsys)
    assert "--stack 2,000,000,000: the limit is 1,000,000,000 chips" in err
    err = refused(["play", "badugi", "--stakes=1/2 ante 500", "--stack", "100"], capsys)
    assert "--stack 100: smaller than" in err


def test_a_match_refuses_a_stack_below_the_forced_bets() -> None:
    with pytest.raises(GameSpecError, match="stack 3: smaller than the ante and big blind"):
        play_match("badugi", ["caller", "caller"], hands=2, stakes="1/2 ante 2", stack=3)


def test_samples_over_a_billion_are_refused_with_the_limit_named(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert MAX_SAMPLES == 10**9
    with pytest.raises(ShowdownError, match="samples 1,000,000,001: the limit is 1,000,000,000"):
        check_samples(MAX_SAMPLES + 1)
    check_samples(MAX_SAMPLES)
    huge = "9999999999999999999"
    err = refused(["equity", "badugi", "--player", "A=As 2d 3c 4h", "--player", "B=random",
                   "--samples", huge], capsys)  # fmt: skip
    assert "samples 9,999,999,999,999,999,999: the limit is 1,000,000,000" in err
    err = refused(["advise", "badugi", "--hand", "As 2d 3c Kh", "--samples", huge], capsys)
    assert "the limit is 1,000,000,000" in err
    err = refused(["atlas", "build", "badugi", "--out", "/nonexistent/x.sqlite3",
                   "--samples", huge], capsys)  # fmt: skip
    assert "--samples 9,999,999,999,999,999,999: the limit is 1,000,000,000" in err
