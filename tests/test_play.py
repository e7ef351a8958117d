"""``splitpot play``: scripted sessions, in process (a fake stdin) and as a subprocess (a pipe).

Two kinds of script:

- a *responder*: a fake stdin, in process only, that answers each prompt from the hand in play
  (``Session.current``), so the session is right whatever the bots do: it types wrong inputs
  first (an unknown command, an amount over the limit, a card not in the hand, too many cards, a
  card that is not a card, a declaration that is not one) and checks each is refused with the
  engine's message and the same prompt again, then plays;
- a fixed text piped in, with a fixed seed and random bots, checked once by hand. ``c`` is
  always a betting answer (it checks when there is nothing to call), and a line that does not
  fit the moment is refused and the next line is read, so a cycle such as ``c / pat / both``
  gets through any hand of any game.
"""

from __future__ import annotations

import io
import random
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from splitpot.cards import format_cards, full_deck, parse_cards
from splitpot.cli import main
from splitpot.engine.events import Action
from splitpot.engine.hand import Hand, LegalActions
from splitpot.engine.showdown import ShowdownResult
from splitpot.errors import SplitpotError
from splitpot.games import find_game
from splitpot.games.streets import Structure
from splitpot.history.store import HistoryStore
from splitpot.play import (
    InputError,
    PlayConfig,
    Session,
    describe_legal,
    parse_command,
    pots_text,
)

ROOT = Path(__file__).resolve().parents[1]
SEED_GAMES = ("bodigiha", "badugi", "drawmaha", "doogie")


# ---------------------------------------------------------------------- the responder


class Responder:
    """A fake stdin that answers the prompt from the hand in play (see the module docstring).

    ``answer(hand, legal)`` gives the line to type (``None``: end of input). Lines queued in
    ``pending`` go first; every line typed is kept in ``typed`` with the legal actions then.
    """

    def __init__(self, answer: Callable[[Hand, LegalActions], str | None]) -> None:
        self.answer = answer
        self.session: Session | None = None
        self.pending: list[str] = []
        self.typed: list[tuple[str, LegalActions]] = []

    def isatty(self) -> bool:
        return False

    def readline(self) -> str:
        assert self.session is not None and self.session.current is not None
        hand = self.session.current
        legal = hand.legal_actions()
        assert legal is not None and legal.seat == hand.names.index(self.session.name)
        line = self.pending.pop(0) if self.pending else self.answer(hand, legal)
        if line is None:
            return ""
        self.typed.append((line, legal))
        return line + "\n"


def run_session(
    answer: Callable[[Hand, LegalActions], str | None], **options: object
) -> tuple[Session, Responder, str]:
    responder = Responder(answer)
    player = options.pop("_player", None)
    if isinstance(player, Player):
        player.responder = responder  # it queues its follow-up lines there
    out = io.StringIO()
    config = PlayConfig(**{"bots": "random", "store": False, **options})  # type: ignore[arg-type]
    session = Session(config, responder, out)  # type: ignore[arg-type]
    responder.session = session
    assert session.run() == 0
    return session, responder, out.getvalue()


class Player:
    """Calls down, draws by card names, declares ``way``; types wrong inputs the first time
    each kind of decision comes (and checks nothing itself: the tests read the output)."""

    def __init__(self, way: str = "both", throw: int = 1, wrong: bool = True) -> None:
        self.way = way
        self.throw = throw
        self.wrong = wrong
        self.seen: set[str] = set()
        self.responder: Responder | None = None

    def __call__(self, hand: Hand, legal: LegalActions) -> str | None:
        assert self.responder is not None
        first = legal.phase not in self.seen and self.wrong
        self.seen.add(legal.phase)
        wrong: list[str] = []
        if legal.phase == "bet":
            wrong = ["zzz", "r 99999", "b"]
            line = "c"
        elif legal.phase == "draw":
            hole = list(legal.hole)
            absent = next(c for c in full_deck() if c not in hole and c not in hand.board)
            wrong = [f"discard {absent}", "Zz"]
            if len(hole) > legal.discard_max:
                wrong.append("discard " + format_cards(hole[: legal.discard_max + 1]))
            thrown = hole[: min(self.throw, legal.discard_max)]
            line = format_cards(thrown) if thrown else "pat"
        elif legal.phase == "declare":
            wrong = ["sideways", "declare sideways", "c"]
            line = self.way
        else:
            line = "keep"
        if first:
            self.responder.pending = [*wrong[1:], line]
            return wrong[0]
        return line


def play_with(player: Player, **options: object) -> tuple[Session, Responder, str]:
    session, responder, output = run_session(player, **options, _player=player)
    return session, responder, output


def refusals(output: str) -> list[tuple[str, str]]:
    """Every refused line, as (typed, message), checked to be followed by the same prompt."""
    lines = output.splitlines()
    found = []
    for index, line in enumerate(lines):
        if line.startswith("! "):
            typed, prompt_before = lines[index - 1], lines[index - 2]
            assert typed.startswith("> "), (typed, line)
            assert prompt_before.startswith("Your "), prompt_before
            # The same legal actions are offered again, and asked again.
            assert lines[index + 1] == prompt_before, (lines[index - 2 : index + 2], line)
            assert lines[index + 2].startswith("> ")
            found.append((typed[2:], line[2:]))
    return found


def _used(result: ShowdownResult, name: str, award: str) -> str:
    hand = result.hands[name][award]
    assert hand is not None
    if award == "omaha":
        return f"{format_cards(hand.cards[:2])} + {format_cards(hand.cards[2:])}"
    return format_cards(hand.cards)


def check_showdowns(session: Session, output: str) -> int:
    """Each showdown's awards are printed with winners, cards and words; returns how many."""
    count = 0
    for hand in session.hands:
        result = hand.result
        if result is None:
            continue
        count += 1
        for pot in result.pots:
            for award in pot.awards:
                if len(award.winners) == 1:
                    (winner,) = award.winners
                    value = result.hands[winner][award.name]
                    assert value is not None
                    line = (
                        f"{winner} wins {award.amount} with {value.describe()}, "
                        f"using {_used(result, winner, award.name)}"
                    )
                    assert line in output, line
                for winner in award.winners if len(award.winners) > 1 else ():
                    value = result.hands[winner][award.name]
                    assert value is not None
                    line = (
                        f"{winner} gets {award.shares[winner]}: {value.describe()}, "
                        f"using {_used(result, winner, award.name)}"
                    )
                    assert line in output, line
        for name, chips in result.payouts.items():
            paid = result.contributions[name] if result.contributions else 0
            assert f"  {name} receives {chips} (put in {paid}, net {chips - paid:+d})" in output
        for seat, name in enumerate(hand.names):
            shown = format_cards(hand.hole[seat])
            if not hand.folded[seat]:
                assert f"  {name}: {shown}" in output
    return count


def assert_bots_cards_hidden(session: Session, output: str) -> None:
    """No bot card is printed before the showdown: never dealt, discarded or drawn in view."""
    assert not re.search(r"Dealt to bot", output)
    assert not re.search(r"bot\d+ discards [2-9TJQKA][cdhs]", output)
    assert not re.search(r"bot\d+ takes the next card face down:", output)
    assert not re.search(r"bot\d+ declares (high|low|both)", output)


# ---------------------------------------------------------------------- every seed game


@pytest.mark.parametrize(("game", "seed"), [(g, 5) for g in SEED_GAMES])
def test_seed_game_sessions_refuse_wrong_input_and_reach_showdown(game: str, seed: int) -> None:
    player = Player(way="high", throw=2)
    session, responder, output = play_with(player, game=game, seats=3, seed=seed, hands=4)
    assert len(session.hands) == 4
    assert "4 hands played." in output
    assert check_showdowns(session, output) >= 1
    assert_bots_cards_hidden(session, output)
    # Chips are conserved across the session.
    assert sum(session.table.stacks) == 3 * 200

    refused = refusals(output)
    messages = dict(refused)
    assert messages["zzz"] == "unknown command 'zzz' (help lists the commands)"
    assert messages["b"] == "b needs an amount, the round total: e.g. b 10"
    assert re.fullmatch(
        r"(cannot raise to 99999: the (pot-limit maximum|fixed-limit amount) is \d+"
        r"|you cannot raise now; you may .*)",  # said to the player (issue 13)
        messages["r 99999"],
    ), messages["r 99999"]
    if game != "doogie":
        absent = next(t for t, _ in refused if t.startswith("discard ") and len(t.split()) == 2)
        assert messages[absent] == f"{absent.split()[1]} is not in your hand"
        assert messages["Zz"] == (
            """not a command or cards: "Zz": unknown rank 'Z' (card 1 in your discard)"""
        )
        # Discards by card names: what was thrown and what came, then the new hand shown.
        draws = [(line, legal) for line, legal in responder.typed if legal.phase == "draw"]
        thrown_line, legal = next(x for x in draws if x[0] not in messages and x[0] != "pat")
        thrown = thrown_line.split()
        assert thrown == [str(c) for c in legal.hole[: len(thrown)]]
        match = re.search(rf"hero discards {thrown_line} and draws ((?:\S\S ?)+)\n", output)
        assert match, thrown_line
    if game == "bodigiha":
        too_many = next(t for t, _ in refused if len(t.split()) == 4)
        assert messages[too_many] == "cannot discard 3 cards: Bodigiha draws at most 2"
    else:
        assert "cannot discard 3 cards" not in output
    if game == "doogie":
        assert messages["sideways"] == "unknown command 'sideways' (help lists the commands)"
        assert messages["declare sideways"] == "declare high, low or both, not 'sideways'"
        assert messages["c"] == "you cannot call now; you may declare high/low/both"
        assert "hero declares high (secret)" in output


def test_same_seed_same_session() -> None:
    outputs = [play_with(Player(), game="drawmaha", seats=4, seed=11, hands=3)[2] for _ in range(2)]
    assert outputs[0] == outputs[1]
    other = play_with(Player(), game="drawmaha", seats=4, seed=12, hands=3)[2]
    assert other != outputs[0]


# ---------------------------------------------------------------------- the table shown


def test_prompt_shows_the_table_hole_cards_and_legal_actions() -> None:
    session, _, output = play_with(Player(wrong=False), game="bodigiha", seats=3, seed=2, hands=1)
    first_prompt = output.split("> ", 1)[0]
    assert "=== Hand #1: Bodigiha (pot-limit, 1/2) - hero has the button ===" in first_prompt
    assert "--- Hand #1: Bodigiha, pot-limit ---" in first_prompt
    assert "Board: (none yet)" in first_prompt
    assert "Pot: 3" in first_prompt
    assert re.search(r"seat 1  hero +200  button, <- your turn", first_prompt)
    assert re.search(r"seat 2  bot1 +199  bet 1\n", first_prompt)
    assert re.search(r"seat 3  bot2 +198  bet 2\n", first_prompt)
    hand = session.hands[0]
    dealt = next(e for e in hand.events if e.kind == "deal_hole" and e.seat == 0)
    assert f"Your cards: {format_cards(dealt.secret['cards'])}" in first_prompt
    assert "Your turn: fold | call 2 | raise to 4-7 (pot 7)" in first_prompt


def test_pot_raises_to_the_true_pot_limit_maximum() -> None:
    """Every ``pot`` in a pot-limit session is the pot-limit maximum: current bet + pot (all
    chips in, this round's bets included) + the call, or all-in if that is less."""
    checked: list[tuple[int, int]] = []

    def answer(hand: Hand, legal: LegalActions) -> str | None:
        if legal.phase == "draw":
            return "pat"
        if legal.raise_ is None:
            return "c"
        seat = legal.seat
        current = max(hand.bets)
        limit = current + hand.pot + (current - hand.bets[seat])
        checked.append((min(limit, hand.bets[seat] + hand.stacks[seat]), legal.raise_.max_to))
        return "pot"

    for game in ("bodigiha", "drawmaha"):
        checked.clear()
        _, _, output = run_session(answer, game=game, seats=2, seed=3, hands=3, stack=400)
        assert checked and all(mine == engine for mine, engine in checked)
        lines = output.splitlines()
        pots = [i for i, line in enumerate(lines) if line == "> pot"]
        assert len(pots) == len(checked)
        for index, (amount, _) in zip(pots, checked, strict=True):
            shown = lines[index - 1]
            assert (
                f"(pot {amount})" in shown
                or f"(all-in {amount})" in shown
                or (f" to {amount} (all-in)" in shown)
            )
            assert re.fullmatch(
                rf"hero (bets|raises to) {amount}( and is all-in)?", lines[index + 1]
            )


def test_first_pot_raise_heads_up_is_six() -> None:
    # Heads-up at 1/2 the button posts 1 and acts first: call 1, then the pot is 4: raise to 6.
    _, _, output = run_session(lambda h, legal: "pot" if legal.raise_ else None,
                               game="bodigiha", seats=2, seed=1, hands=1)  # fmt: skip
    assert "Your turn: fold | call 1 | raise to 4-6 (pot 6)\n> pot\nhero raises to 6\n" in output


def test_c_checks_when_nothing_is_to_call_and_k_is_refused_facing_a_bet() -> None:
    tried_k: list[bool] = []

    def answer(hand: Hand, legal: LegalActions) -> str | None:
        if legal.phase == "draw":
            return "pat"
        if legal.phase == "declare":
            return "low"
        if legal.call is not None and not tried_k:
            tried_k.append(True)
            return "k"
        return "c"

    _, responder, output = run_session(answer, game="doogie", seats=3, seed=4, hands=1)
    assert [legal for line, legal in responder.typed if line == "c" and legal.call is None]
    assert "Your turn: check | bet to 2\n> c\nhero checks\n" in output
    assert re.search(r"> k\n! you cannot check now; you may fold, call \d+", output)


def test_side_pots_are_shown() -> None:
    hand = Hand("drawmaha", stacks=[5, 200, 200], rng=random.Random(1))
    hand.apply(Action.raise_to(5))  # seat1 (the button) all-in
    assert pots_text(hand) == "Pot: 8"  # the all-in is the largest bet: no side pot yet
    hand.apply(Action.raise_to(17))  # the pot-limit maximum: 5 + (5 + 1 + 2) + 4
    assert (
        pots_text(hand) == "Pot: 24 (main pot 12: seat1, seat2, seat3; side pot 1 12: seat2, seat3)"
    )
    legal = hand.legal_actions()
    assert legal is not None
    assert describe_legal(hand, legal) == "fold | call 15 | raise to 29-56 (pot 56)"


# ---------------------------------------------------------------------- the input grammar


def _spot() -> tuple[Hand, LegalActions]:
    hand = Hand("drawmaha", stacks=[200, 200], rng=random.Random(1))
    legal = hand.legal_actions()
    assert legal is not None
    return hand, legal


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("f", Action.fold()),
        ("FOLD", Action.fold()),
        ("c", Action.call()),
        ("call", Action.call()),
        ("k", Action.check()),
        ("x", Action.check()),
        ("b 5", Action.raise_to(5)),
        ("bet 5", Action.raise_to(5)),
        ("r5", Action.raise_to(5)),
        ("raise to 6", Action.raise_to(6)),
        ("min", Action.raise_to(4)),
        ("pot", Action.raise_to(6)),
        ("allin", Action.raise_to(200)),
        ("all in", Action.raise_to(200)),
        ("pat", Action.stand_pat()),
        ("stand", Action.stand_pat()),
        ("discard Ks, qd", Action.discard("Ks Qd")),
        ("d Ks", Action.discard("Ks")),
        ("KsQd", Action.discard("Ks Qd")),
        ("keep", Action.keep()),
        ("reject", Action.reject()),
        ("high", Action.declare("high")),
        ("declare Low", Action.declare("low")),
        ("both", Action.declare("both")),
    ],
)
def test_grammar(text: str, action: Action) -> None:
    hand, legal = _spot()
    assert parse_command(text, hand, legal) == action


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "type a command (help lists them)"),
        ("zzz", "unknown command 'zzz' (help lists the commands)"),
        ("raise", "raise needs an amount, the round total: e.g. raise 10"),
        ("b ten", "'ten' is not a whole number of chips (e.g. b 10)"),
        ("discard", "name the cards to discard (e.g. discard Ks Qd), or pat to stand pat"),
        ("discard Kx", """"Kx": unknown suit 'x' (card 1 in your discard)"""),
        ("declare up", "declare high, low or both, not 'up'"),
    ],
)
def test_grammar_errors(text: str, message: str) -> None:
    hand, legal = _spot()
    with pytest.raises(InputError if not text.startswith("discard K") else SplitpotError) as err:
        parse_command(text, hand, legal)
    assert str(err.value) == message


def test_session_commands_and_fixed_limit_pot() -> None:
    hand, legal = _spot()
    assert [parse_command(t, hand, legal) for t in ("q", "quit", "help", "?", "state")] == [
        "quit", "quit", "help", "help", "state",
    ]  # fmt: skip
    fixed = Hand("badugi", stacks=[200, 200], rng=random.Random(1))
    fixed_legal = fixed.legal_actions()
    assert fixed_legal is not None and fixed.structure is Structure.FIXED_LIMIT
    with pytest.raises(InputError, match="pot is for pot-limit and no-limit"):
        parse_command("pot", fixed, fixed_legal)
    assert parse_command("b 99", fixed, fixed_legal) == Action.raise_to(99)  # the engine refuses


def test_help_and_state_then_quit() -> None:
    lines = iter(["help", "state", "q"])
    _, _, output = run_session(lambda h, legal: next(lines), game="badugi", seed=1, seats=2)
    assert "Commands (case does not matter" in output
    assert output.count("--- Hand #1: Badugi, fixed-limit ---") == 2
    assert "> q\nYou leave the table (hand #1 is left unfinished and not counted).\n" in output
    assert "Session over: 0 hands played; you have 200 chips (started with 200, net +0)." in output


# ---------------------------------------------------------------------- through main and stdin


def run_main(
    argv: list[str], script: str, monkeypatch: pytest.MonkeyPatch, *, store: bool = False
) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    out = io.StringIO()
    code = main(["play", *argv, *([] if store else ["--no-store"])], out=out)
    return code, out.getvalue()


def test_eof_mid_hand_ends_cleanly(monkeypatch: pytest.MonkeyPatch) -> None:
    code, output = run_main(["drawmaha", "--seed", "3", "--bots", "random"], "c\n", monkeypatch)
    assert code == 0
    assert output.endswith(
        "End of input: you leave the table (hand #1 is left unfinished and not counted).\n"
        "Session over: 0 hands played; you have 200 chips (started with 200, net +0).\n"
    )


def test_piped_cycle_plays_every_seed_game(monkeypatch: pytest.MonkeyPatch) -> None:
    # A line that does not fit the moment is refused and the next one is read.
    script = "c\npat\nboth\n" * 200
    for game in SEED_GAMES:
        code, output = run_main(
            [game, "--seed", "8", "--hands", "3", "--bots", "random"], script, monkeypatch
        )
        assert code == 0, game
        assert "3 hands played." in output
        assert "Session over: 3 hands played" in output


def test_user_busts_or_wins_everything(monkeypatch: pytest.MonkeyPatch) -> None:
    code, output = run_main(
        ["drawmaha", "--seed", "2", "--stack", "6", "--bots", "random", "--seats", "2"],
        "allin\nc\npat\n" * 400,
        monkeypatch,
    )
    assert code == 0
    assert "You are out of chips." in output or "You have every chip at the table." in output


def test_heuristic_bots_play_and_are_seeded(monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["bodigiha", "--seed", "1", "--hands", "2", "--bots", "heuristic"]
    code, output = run_main(argv, "c\npat\n" * 100, monkeypatch)
    assert code == 0
    assert "heuristic bots, seed 1" in output
    assert "2 hands played." in output
    assert run_main(argv, "c\npat\n" * 100, monkeypatch) == (code, output)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["bodigiha", "--seats", "9"], "--seats 9: Bodigiha seats 2 to 6"),
        (["bodigiha", "--name", "bot1"], "--name bot1: the bots are called bot1, bot2"),
        (["badugi", "--structure", "pot-limit", "--seats", "2"], None),
        (["doogie", "--structure", "no-limit", "--seats", "2"], None),
        (["doogie", "--stack", "0"], "--stack must be at least 1 chip"),
        (["nosuchgame"], "nosuchgame"),
        (["badugi", "--hands", "0"], "--hands must be at least 1"),
        (["badugi", "--stakes", "x"], "stakes 'x'"),
    ],
)
def test_bad_options(
    argv: list[str],
    message: str | None,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    extra = [] if "--hands" in argv else ["--hands", "1"]
    code, output = run_main([*argv, *extra, "--bots", "random"], "", monkeypatch)
    if message is None:
        assert code == 0
        return
    assert code == 1
    assert output == ""
    assert message in capsys.readouterr().err


# ---------------------------------------------------------------------- the history store


def test_finished_hands_are_stored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "hands.sqlite3"
    argv = ["badugi", "--seed", "6", "--bots", "random", "--hands", "2", "--db", str(db)]
    code, output = run_main(argv, "c\npat\n" * 200, monkeypatch, store=True)
    assert code == 0
    assert f"Each finished hand is stored in {db} (--no-store: keep none)." in output
    assert output.endswith(f"2 hands stored in {db}.\n")
    with HistoryStore(db, create=False) as store:
        assert len(store) == 2
        stacks = [int(n) for n in re.findall(r"hero (\d+),", output.split("Stacks: ")[-1])]
        for stored in store:
            assert stored.source == "play"
            assert stored.game == "badugi"
            assert stored.players[0] == "hero"
            assert stored.started is not None and stored.started <= stored.ended
            Hand.replay(stored.events)  # the full log, secrets included, replays exactly
        assert store.list(limit=1)[0].final_stacks[0] == stacks[0]


def test_unfinished_hand_is_not_stored_and_default_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "default.sqlite3"
    monkeypatch.setenv("SPLITPOT_DB", str(db))  # the store's default path
    code, output = run_main(["drawmaha", "--seed", "1", "--bots", "random"], "c\n", monkeypatch,
                            store=True)  # fmt: skip
    assert code == 0
    assert output.endswith(f"0 hands stored in {db}.\n")
    with HistoryStore(db, create=False) as store:
        assert len(store) == 0


def test_db_and_no_store_conflict(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _ = run_main(["badugi", "--db", "x.sqlite3"], "", monkeypatch)
    assert code == 1
    assert "give --db PATH or --no-store, not both" in capsys.readouterr().err


# ---------------------------------------------------------------------- as a subprocess


def splitpot(*argv: str, script: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "splitpot", "play", *argv, "--no-store"],
        input=script,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        check=False,
    )


def test_subprocess_pot_raise_and_refusals() -> None:
    done = splitpot(
        "bodigiha", "--seats", "2", "--seed", "1", "--bots", "random", "--hands", "1",
        script="zzz\nr 9999\npot\n" + "c\npat\n" * 50,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert (
        "Your turn: fold | call 1 | raise to 4-6 (pot 6)\n> zzz\n"
        "! unknown command 'zzz' (help lists the commands)\n"
        "Your turn: fold | call 1 | raise to 4-6 (pot 6)\n> r 9999\n"
        "! cannot raise to 9999: the pot-limit maximum is 6\n"
        "Your turn: fold | call 1 | raise to 4-6 (pot 6)\n> pot\n"
        "hero raises to 6\n"
    ) in done.stdout
    assert "1 hand played." in done.stdout


def test_subprocess_doogie_hand_to_showdown() -> None:
    """Seed 4 with random bots, checked by hand: hero calls down and declares both."""
    done = splitpot(
        "doogie", "--seed", "4", "--bots", "random", "--hands", "1",
        script="c\npat\nboth\n" * 30,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Dealt to hero: 5d 9s 2c 4c 8s 5h\n" in out
    assert (
        "Your turn: check | bet to 2\n> pat\n! you cannot discard now; you may check, bet to 2\n"
    ) in out
    assert "> c\nhero checks\n" in out  # c checks when there is nothing to call
    assert "> both\nhero declares both (secret)\nDeclarations: hero both, bot2 high\n" in out
    assert "bot2 declares (secret)\n" in out
    assert "*** SHOWDOWN ***\nDoogie: 31 chips (button hero)\nBoard: 4h 7s 3c 8h\n" in out
    assert "  bot2: 2s Qs Kd 8d Qc 9h  (declares high)\n" in out
    assert "    bot2: Two pair, queens and eights, using Qs Qc 8h 8d Kd\n" in out
    assert "    hero: 7 doogie, using 7s 5d 4h 2c\n" in out
    # docs/rules.md "Doogie": hero's failed two-way declaration forfeits the pot; no half can be
    # given, so it is split among the others still in it: bot2 alone.
    assert "  hero receives 0 (put in 13, net -13)\n" in out
    assert "Stacks: hero 187, bot1 195, bot2 218\n" in out


def test_subprocess_showdown_winners(tmp_path: Path) -> None:
    """A Drawmaha showdown through a pipe: both halves' winners with cards and words."""
    done = splitpot(
        "drawmaha", "--seed", "3", "--seats", "4", "--bots", "random", "--hands", "2",
        script="c\npat\n" * 80,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "*** SHOWDOWN ***" in done.stdout
    assert re.search(
        r"  Omaha high \(2 hole \+ 3 board\): \d+ chips\n    \S+ wins \d+ with .+, using "
        r"(\S\S ){2}\+( \S\S){3}\n",
        done.stdout,
    )
    assert re.search(
        r"  Draw high \(five private cards\): \d+ chips\n    \S+ wins \d+ with .+, using "
        r"(\S\S ){4}\S\S\n",
        done.stdout,
    )


def test_subprocess_eof_mid_hand() -> None:
    done = splitpot("badugi", "--seed", "1", "--bots", "random", script="c\n")
    assert done.returncode == 0
    assert done.stderr == ""
    assert "End of input: you leave the table (hand #1 is left unfinished" in done.stdout


def test_sviten_special_face_up_card_keep_or_reject() -> None:
    choices = iter(["reject", "keep"] * 20)

    def answer(hand: Hand, legal: LegalActions) -> str | None:
        if legal.phase == "draw":
            return str(legal.hole[0])  # a one-card draw is dealt face up
        if legal.phase == "sviten":
            return next(choices)
        return "c"

    _, responder, output = run_session(answer, game="sviten-special", seats=2, seed=1, hands=4)
    kinds = [line for line, legal in responder.typed if legal.phase == "sviten"]
    assert kinds[:2] == ["reject", "keep"]
    face_up = re.findall(r"hero is dealt (\S\S) face up\n", output)
    assert len(face_up) == len(kinds)
    assert f"Your face-up card: {face_up[0]} (keep it, or reject it for the next card)" in output
    assert (
        "Your turn: keep | reject\n> reject\nhero rejects it\nhero takes the next card face down: "
        in output
    )
    assert "Your turn: keep | reject\n> keep\nhero keeps it\n" in output


def test_ctrl_c_at_the_prompt_leaves_with_the_summary() -> None:
    def answer(hand: Hand, legal: LegalActions) -> str | None:
        raise KeyboardInterrupt

    responder = Responder(answer)
    out = io.StringIO()
    session = Session(
        PlayConfig(game="badugi", seed=1, bots="random", store=False),
        responder,  # type: ignore[arg-type]
        out,
    )
    responder.session = session
    assert session.run() == 130
    assert out.getvalue().endswith(
        "> \nInterrupted: you leave the table (hand #1 is left unfinished and not counted).\n"
        "Session over: 0 hands played; you have 200 chips (started with 200, net +0).\n"
    )


def test_the_prompt_says_your_hand_in_words_award_by_award() -> None:
    session, _, output = play_with(Player(wrong=False), game="bodigiha", seats=3, seed=2, hands=1)
    first_prompt = output.split("> ", 1)[0]
    hand = session.hands[0]
    dealt = next(e for e in hand.events if e.kind == "deal_hole" and e.seat == 0)
    cards = parse_cards(" ".join(str(c) for c in dealt.secret["cards"]))
    badugi = find_game("bodigiha").awards[0].hand(cards, [])
    assert badugi is not None
    assert f"Your hand: Badugi: {badugi.describe()} \u00b7 Omaha high: no hand yet" in first_prompt


def test_play_offers_to_run_it_twice_when_everyone_is_all_in() -> None:
    def answer(hand: Hand, legal: LegalActions) -> str | None:
        return "twice" if legal.phase == "runs" else "allin"

    session, responder, output = run_session(
        answer, game="holdem", seats=2, bots="station", seed=3, hands=1, run_twice=True
    )
    assert any(legal.phase == "runs" for _, legal in responder.typed)
    assert "twice | once" in output and "*** RUN 2 ***" in output
    assert "*** SHOWDOWN, RUN 1 (half of every pot) ***" in output
    assert "*** SHOWDOWN, RUN 2 (half of every pot) ***" in output
    (hand,) = session.hands
    assert len(hand.run_results) == 2 and sum(hand.stacks) == 400


def test_play_run_twice_is_for_board_games_only() -> None:
    with pytest.raises(InputError, match="--run-twice: Badugi has no board"):
        run_session(lambda hand, legal: None, game="badugi", run_twice=True)
