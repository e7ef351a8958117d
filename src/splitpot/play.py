"""``splitpot play``: sit at a table against bots and play hands from the terminal.

The session reads one line per decision from an input stream (``sys.stdin`` for the command,
so it works in a plain terminal and under a pipe: no curses, no raw mode) and writes to an
output stream. Whenever the user must act it shows the game and hand number, the board, the
pot and any side pots, each seat's stack, bet this round and the button, the user's own cards,
and the legal actions with their amounts; the bots' actions are shown as they happen, from the
user's seat (never a bot's cards before they are shown). Every rule and every refusal is the
engine's: the input is translated into an :class:`~splitpot.engine.events.Action` and the hand
applies it or raises :class:`~splitpot.errors.IllegalActionError`, which is printed with the
prompt again and leaves the hand unchanged.

Input grammar (case-insensitive; see :data:`HELP`):

- betting: ``f``/``fold``, ``k``/``x``/``check``, ``c``/``call`` (``c`` checks when there is
  nothing to call), ``b N``/``bet N``/``r N``/``raise N`` (raise-to amounts: the round total;
  ``bet`` and ``raise`` are interchangeable), ``min``, ``pot`` (pot-limit: the pot-limit
  maximum; no-limit: a pot-sized raise), ``allin``;
- draws: ``discard Ks Qd``, ``d Ks Qd`` or just ``Ks Qd``; ``pat``/``stand`` to stand pat;
- Sviten Special: ``keep``/``reject``; Doogie: ``high``/``low``/``both``;
- anywhere: ``help``, ``state`` (show the table again), ``q``/``quit`` (end of input too).
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import IO, Literal

from splitpot.bots.base import Bot, seat_view
from splitpot.bots.registry import BOTS, make_bot
from splitpot.cards import format_cards, parse_cards
from splitpot.describe import (
    current_hand_line,
    event_line,
    hand_title,
    pots_text,
    showdown_text,
    street_label,
    street_name,
)
from splitpot.engine.events import (
    Action,
    BoardDealt,
    Ended,
    HandStarted,
    Settled,
    Shown,
    SvitenFaceUp,
    Way,
)
from splitpot.engine.hand import Hand, LegalActions
from splitpot.engine.options import Options, Stakes, check_structure
from splitpot.engine.table import Table
from splitpot.errors import InputError, SplitpotError
from splitpot.games import find_game
from splitpot.games.streets import Draw, Structure
from splitpot.history.store import HistoryStore

__all__ = [
    "BOT_KINDS",
    "HELP",
    "InputError",
    "PlayConfig",
    "Session",
    "add_play",
    "describe_legal",
    "parse_command",
    "pots_text",
]

BOT_KINDS: tuple[str, ...] = tuple(BOTS)  # the one registry of bots (splitpot.bots.registry)

HELP = """\
Commands (case does not matter; amounts are raise-to: the round total):
  f, fold              fold
  k, x, check          check
  c, call              call (checks when there is nothing to call)
  b N, bet N           bet to N chips          r N, raise N   raise to N chips
  min                  the smallest bet or raise
  pot                  pot-limit: the pot-limit maximum; no-limit: a pot-sized raise
  allin                bet or raise all your chips (or call all-in)
  discard Ks Qd        throw these cards and draw (also: d Ks Qd, or just Ks Qd)
  pat, stand           draw no cards
  keep, reject         Sviten Special: keep the face-up card or take the next one face down
  high, low, both      Doogie: declare (secret until everyone has declared)
  twice, once          --run-twice, everyone all-in: run the rest of the board twice, or once
  state                show the table again
  help                 this list
  q, quit              leave the table (end of input does the same)"""


class _QuitError(Exception):
    """The user leaves the table (``q``, ``quit`` or end of input)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class PlayConfig:
    """The options of ``splitpot play``."""

    game: str
    seats: int = 3
    structure: str | None = None
    stakes: str = "1/2"
    seed: int | None = None
    stack: int = 200
    bots: str = "heuristic"
    hands: int | None = None
    db: str | None = None
    store: bool = True
    name: str = "hero"
    explain: bool = False
    run_twice: bool = False


# ---------------------------------------------------------------------- reading commands

_QUIT = frozenset({"q", "quit", "exit"})
_FOLD = frozenset({"f", "fold"})
_CHECK = frozenset({"k", "x", "check"})
_CALL = frozenset({"c", "call"})
_BET = frozenset({"b", "bet", "r", "raise"})
_ALLIN = frozenset({"allin", "all-in", "all in"})
_PAT = frozenset({"pat", "stand", "stand pat", "stay"})
_RUNS = {"twice": "run_twice", "run twice": "run_twice", "run it twice": "run_twice",
         "once": "run_once", "run once": "run_once", "run it once": "run_once"}  # fmt: skip
_DISCARD = frozenset({"d", "discard"})
_WAYS: dict[str, Way] = {"high": "high", "hi": "high", "low": "low", "lo": "low", "both": "both"}
_BET_RE = re.compile(r"^(bet|raise|b|r)(?:\s+(?:to\s+)?(\S+)|(\d+))$")


def _raise_kind(legal: LegalActions) -> Literal["bet", "raise"]:
    return legal.raise_.kind if legal.raise_ is not None else "raise"


def parse_command(text: str, hand: Hand, legal: LegalActions) -> Action | str:
    """Translate one input line into an action for ``legal.seat``, or a session command
    (``"quit"``, ``"help"``, ``"state"``). Raises :class:`InputError` (or the cards'
    :class:`~splitpot.errors.CardParseError`) for a line that is not a command; whether the
    action is legal now is the engine's to say.
    """
    raw = " ".join(text.replace(",", " ").split())
    line = raw.lower()
    if not line:
        raise InputError("type a command (help lists them)")
    word, _, rest = line.partition(" ")
    cards_text = raw.partition(" ")[2]  # as typed, for card errors
    seat = legal.seat
    if line in _QUIT:
        return "quit"
    if line in ("help", "h", "?"):
        return "help"
    if line in ("state", "table", "look"):
        return "state"
    if line in _FOLD:
        return Action.fold()
    if line in _CHECK:
        return Action.check()
    if line in _CALL:
        # ``c`` checks when there is nothing to call (so ``c`` is always a betting answer).
        return Action.check() if legal.check and legal.call is None else Action.call()
    match = _BET_RE.match(line)
    if match:
        amount_text = match[2] or match[3]
        if not amount_text.isdigit():
            raise InputError(f"{amount_text!r} is not a whole number of chips (e.g. b 10)")
        return legal.normalise(Action(_bet_word(match[1]), amount=int(amount_text)))
    if word in _BET and not rest:
        if legal.phase != "bet":  # ("b" while declaring: not a bet without its amount)
            raise InputError(f"you cannot bet now; you may {legal.describe()}")
        raise InputError(f"{word} needs an amount, the round total: e.g. {word} 10")
    if line == "min":
        amount = legal.raise_.min_to if legal.raise_ is not None else 0
        return Action(_raise_kind(legal), amount=amount)
    if line == "pot":
        if hand.structure is Structure.FIXED_LIMIT:
            raise InputError("pot is for pot-limit and no-limit; this is fixed-limit")
        amount = legal.raise_.pot_to if legal.raise_ is not None else 0
        return Action(_raise_kind(legal), amount=amount)
    if line in _ALLIN:
        all_in = hand.bets[seat] + hand.stacks[seat]
        if legal.raise_ is None and legal.call is not None and legal.call >= hand.stacks[seat]:
            return Action.call()
        return Action(_raise_kind(legal), amount=all_in)
    if line in _PAT:
        return Action.stand_pat()
    if line in _RUNS:
        return Action.run_twice() if _RUNS[line] == "run_twice" else Action.run_once()
    if line == "keep":
        return Action.keep()
    if line == "reject":
        return Action.reject()
    way = _WAYS.get(rest if word == "declare" else line)
    if way is not None:
        return Action.declare(way)
    if word == "declare":
        if not rest:
            raise InputError("declare high, low or both")
        raise InputError(f"declare high, low or both, not {rest!r}")
    if word in _DISCARD:
        if not rest:
            raise InputError("name the cards to discard (e.g. discard Ks Qd), or pat to stand pat")
        return Action.discard(parse_cards(cards_text, where="in your discard"))
    try:
        cards = parse_cards(raw, where="in your discard")
    except SplitpotError as exc:
        if legal.phase == "draw":
            raise InputError(f"not a command or cards: {exc}") from None
        raise InputError(f"unknown command {text.strip()!r} (help lists the commands)") from None
    return Action.discard(cards)


def _refusal(action: Action, legal: LegalActions) -> str | None:
    """Why ``action`` is not one of ``legal`` now, said to the player ("you may ..."); the
    engine, which refuses it too, speaks of a seat ("hero cannot check now; they may ...")."""
    action = legal.normalise(action)
    if action.kind not in legal.kinds:
        return f"you cannot {action.kind} now; you may {legal.describe() or 'not act'}"
    if action.kind == "discard":
        for card in action.cards:
            if card not in legal.hole:
                return f"{card} is not in your hand"
    return None


def _bet_word(word: str) -> Literal["bet", "raise"]:
    return "bet" if word.startswith("b") else "raise"


# ---------------------------------------------------------------------- showing the table


def describe_legal(hand: Hand, legal: LegalActions) -> str:
    """The legal actions with their amounts: ``fold | call 4 | raise to 8-14 (pot 14)``."""
    seat = legal.seat
    if legal.phase == "draw":
        most = min(legal.discard_max, len(legal.hole))
        return f"discard up to {most} cards by name (e.g. discard {legal.hole[-1]}) | pat"
    if legal.phase == "sviten":
        return "keep | reject"
    if legal.phase == "declare":
        return " | ".join(legal.declare) + " (secret until everyone has declared)"
    if legal.phase == "runs":
        return "twice | once (run the rest of the board twice: each run for half of every pot)"
    parts: list[str] = []
    if legal.fold:
        parts.append("fold")
    if legal.check:
        parts.append("check")
    if legal.call is not None:
        short = " (all-in)" if legal.call >= hand.stacks[seat] else ""
        parts.append(f"call {legal.call}{short}")
    bounds = legal.raise_
    if bounds is not None:
        low, high = bounds.min_to, bounds.max_to
        text = f"{bounds.kind} to {low}" if low == high else f"{bounds.kind} to {low}-{high}"
        if high == hand.bets[seat] + hand.stacks[seat]:
            text += " (all-in)" if low == high else f" (all-in {high})"
        elif hand.structure is Structure.POT_LIMIT and low != high:
            text += f" (pot {high})"
        parts.append(text)
    return " | ".join(parts)


# ---------------------------------------------------------------------- the session


class Session:
    """One user at a table of bots, reading lines from ``inp`` and writing to ``out``."""

    def __init__(self, config: PlayConfig, inp: IO[str], out: IO[str]) -> None:
        self.config = config
        self.inp = inp
        self.out = out
        self.game = find_game(config.game)
        game = self.game
        if not 2 <= config.seats <= game.max_players:
            raise InputError(f"--seats {config.seats}: {game.name} seats 2 to {game.max_players}")
        if config.run_twice and not game.board_cards:
            raise InputError(f"--run-twice: {game.name} has no board (board games only)")
        if config.stack < 1:
            raise InputError("--stack must be at least 1 chip")
        if config.hands is not None and config.hands < 1:
            raise InputError("--hands must be at least 1")
        if config.bots not in BOTS:
            raise InputError(f"--bots {config.bots!r}: use {', '.join(BOTS)}")
        name = config.name.strip()
        if not name or any(ch.isspace() for ch in name):
            raise InputError(f"--name {config.name!r}: a name is one word")
        self.name = name
        self.structure = check_structure(game, config.structure)
        self.stakes = Stakes.parse(config.stakes, game)
        self.stakes.check_buy_in(config.stack, game, "--stack")
        bot_names = [f"bot{i}" for i in range(1, config.seats)]
        if name in bot_names:
            raise InputError(f"--name {name}: the bots are called {', '.join(bot_names)}")
        self.names = [name, *bot_names]
        self.seed = (
            config.seed if config.seed is not None else random.SystemRandom().randrange(10**9)
        )
        master = random.Random(self.seed)
        self.table = Table(
            game,
            stacks=[config.stack] * config.seats,
            rng=random.Random(master.getrandbits(64)),
            stakes=self.stakes,
            structure=self.structure,
            names=self.names,
            options=Options(run_twice=config.run_twice),
        )
        self.bots: dict[str, Bot] = {
            bot: _make_bot(config.bots, random.Random(master.getrandbits(64))) for bot in bot_names
        }
        self.echo = not _isatty(inp)
        self.hands: list[Hand] = []  # every finished hand, in order
        self.current: Hand | None = None  # the hand in play
        self.store = _open_store(config)
        self.stored_count = 0
        self.notes: dict[int, str] = {}  # the bots' reasons in this hand, by event index

    # -------------------------------------------------------------- output helpers

    def say(self, text: str = "") -> None:
        """Write a line (or lines) and flush, so a pipe sees it at once."""
        self.out.write(text + "\n")
        self.out.flush()

    def ask(self, prompt: str) -> str:
        """Prompt and read one line; raises :class:`_QuitError` at the end of input."""
        self.out.write(prompt)
        self.out.flush()
        try:
            line = self.inp.readline()
        except KeyboardInterrupt:  # Ctrl-C at the prompt: leave, with the summary
            self.out.write("\n")
            raise _QuitError("interrupted") from None
        if not line:
            self.out.write("\n")
            raise _QuitError("end of input")
        if self.echo:
            self.out.write(line if line.endswith("\n") else line + "\n")
        return line

    # -------------------------------------------------------------- the table

    def run(self) -> int:
        """Play until the user quits, busts, wins every chip, or ``--hands`` are played."""
        config, game = self.config, self.game
        self.say(
            f"{game.name} ({self.structure.value}, {config.stakes}): {config.seats} seats, "
            f"{config.stack} chips each, {config.bots} bots, seed {self.seed}"
        )
        self.say(
            f"You are {self.name} in seat 1. Type help for the commands; q quits. "
            f"(--seed {self.seed} deals this table again.)"
        )
        if self.store is not None:
            self.say(f"Each finished hand is stored in {self.store.path} (--no-store: keep none).")
        try:
            return self._run()
        finally:
            if self.store is not None:
                self.store.close()

    def _run(self) -> int:
        config = self.config
        hand: Hand | None = None
        try:
            while True:
                if config.hands is not None and self.table.hands_played >= config.hands:
                    self.say(f"\n{config.hands} hand{'s' * (config.hands != 1)} played.")
                    break
                you = self.names.index(self.name)
                if self.table.stacks[you] == 0:
                    self.say("\nYou are out of chips.")
                    break
                if len(self.table.seated()) < 2:
                    self.say("\nYou have every chip at the table.")
                    break
                started = datetime.now(UTC)
                hand = self.current = self.table.new_hand()
                self.play_hand(hand)
                self.table.finish(hand)
                for name, bot in self.bots.items():  # a bot that learns sees the hand's end
                    observe = getattr(bot, "observe", None)
                    if observe is not None and name in hand.names:
                        observe(seat_view(hand, hand.names.index(name)))
                self.hands.append(hand)
                self.stored(hand, started)
                self.say(f"Stacks: {self._stacks()}")
                hand = self.current = None
        except _QuitError as leaving:
            unfinished = (
                f" (hand #{self.table.hands_played + 1} is left unfinished and not counted)"
                if hand is not None
                else ""
            )
            if leaving.reason == "quit":
                self.say(f"You leave the table{unfinished}.")
            else:
                self.say(f"{leaving.reason.capitalize()}: you leave the table{unfinished}.")
            if leaving.reason == "interrupted":
                self.summary()
                return 130
        self.summary()
        return 0

    def summary(self) -> None:
        """How the session went."""
        you = self.names.index(self.name)
        chips = self.table.stacks[you]
        played = self.table.hands_played
        self.say(
            f"Session over: {played} hand{'s' * (played != 1)} played; you have {chips} chips "
            f"(started with {self.config.stack}, net {chips - self.config.stack:+d})."
        )
        if self.store is not None:
            count = self.stored_count
            self.say(f"{count} hand{'s' * (count != 1)} stored in {self.store.path}.")

    def stored(self, hand: Hand, started: datetime) -> None:
        """Keep the finished hand in the history store, if there is one."""
        if self.store is not None:
            hand_id = self.store.add(hand.events, source="play", started=started)
            self.store.add_notes(hand_id, self.notes)  # the bots' reasons, for the replayer
            self.stored_count += 1

    def _stacks(self) -> str:
        return ", ".join(
            f"{name} {chips}" for name, chips in zip(self.names, self.table.stacks, strict=True)
        )

    # -------------------------------------------------------------- one hand

    def play_hand(self, hand: Hand) -> None:
        """Deal ``hand`` to the end, asking the user and the bots in turn."""
        number = self.table.hands_played + 1
        start = hand.events[0]
        assert isinstance(start, HandStarted)
        self.say(f"\n=== {hand_title(start, number)} ===")
        user = hand.names.index(self.name)
        shown = 0
        self.notes = {}
        while not hand.is_over:
            shown = self.show_events(hand, shown, user)
            legal = hand.legal_actions()
            assert legal is not None
            if legal.seat == user:
                self.user_acts(hand, legal)
            else:
                bot = self.bots[hand.names[legal.seat]]
                before = len(hand.events)
                hand.apply(bot.act(seat_view(hand, legal.seat), legal))
                reason = getattr(bot, "reason", None)
                if isinstance(reason, str) and reason:
                    self.notes[before] = reason
                if self.config.explain:
                    shown = self.explain(hand, before, user, hand.names[legal.seat], bot)
        self.show_events(hand, shown, user)
        self.show_showdown(hand)

    def explain(self, hand: Hand, before: int, user: int, name: str, bot: Bot) -> int:
        """``--explain``: the bot's action (the first event it made), then its one-line
        reason (bots that give one); returns how many events are shown now."""
        shown = self.show_events(hand, before, user, end=before + 1)
        reason = getattr(bot, "reason", None)
        if isinstance(reason, str) and reason:
            self.say(f"  ({name} thinks: {reason})")
        return shown

    def show_showdown(self, hand: Hand) -> None:
        """The settled showdown, if the hand had one: the answer-key text, as the CLI says it."""
        for run, result in enumerate(hand.run_results, 1):  # a hand run twice: each run's half
            self.say(f"*** SHOWDOWN, RUN {run} (half of every pot) ***")
            self.say(showdown_text(result))
        if hand.result is not None and not hand.run_results:
            self.say("*** SHOWDOWN ***")
            self.say(showdown_text(hand.result))

    def show_events(self, hand: Hand, shown: int, user: int, end: int | None = None) -> int:
        """Print the events after the first ``shown`` (up to ``end``); returns how many are
        shown now."""
        events = hand.events[:end]
        board = sum(len(e.cards) for e in events[:shown] if isinstance(e, BoardDealt))
        for event in events[shown:]:
            street = ""
            if isinstance(event, BoardDealt):
                board += len(event.cards)
                street = street_name(hand.game, board, len(event.cards))
            # The start, the shown hands, the settlement and the stacks are said by the
            # session: its banner, the showdown's text and the table's stacks.
            if not isinstance(event, HandStarted | Shown | Settled | Ended):
                line = event_line(event.for_seat(user), hand.names, street)
                if line is not None:
                    self.say(line)
        return len(events)

    def state(self, hand: Hand, legal: LegalActions) -> None:
        """The table as the user sees it now."""
        user = legal.seat
        number = self.table.hands_played + 1
        self.say(f"--- Hand #{number}: {hand.game.name}, {hand.structure.value} ---")
        self.say(f"Street: {street_label(hand)}")
        if hand.game.board_cards:
            self.say(f"Board: {format_cards(hand.board) or '(none yet)'}")
        self.say(pots_text(hand))
        width = max(len(n) for n in self.names)
        for index, name in enumerate(self.names):
            if name not in hand.names:
                self.say(f"  seat {index + 1}  {name:<{width}}  out of chips")
                continue
            seat = hand.names.index(name)
            notes = []
            if hand.bets[seat]:
                notes.append(f"bet {hand.bets[seat]}")
            if hand.folded[seat]:
                notes.append("folded")
            elif hand.stacks[seat] == 0:
                notes.append("all-in")
            if seat == hand.button:
                notes.append("button")
            if seat == user:
                notes.append("<- your turn")
            extra = "  " + ", ".join(notes) if notes else ""
            self.say(f"  seat {index + 1}  {name:<{width}} {hand.stacks[seat]:>6}{extra}")
        self.say(f"Your cards: {format_cards(hand.hole[user])}")
        self.say(f"Your hand: {current_hand_line(hand.game, hand.hole[user], hand.board)}")
        if legal.phase == "sviten":
            face_up = next(
                e.card
                for e in reversed(hand.events)
                if isinstance(e, SvitenFaceUp) and e.seat == user
            )
            self.say(f"Your face-up card: {face_up} (keep it, or reject it for the next card)")
        if legal.phase == "declare":
            self.say("Declare high, low or both: the bots' declarations are shown after all.")
        if legal.phase == "runs":
            self.say("Everyone is all-in: run the rest of the board twice? (all must agree)")

    def prompt_line(self, hand: Hand, legal: LegalActions) -> str:
        """The legal actions line that every prompt repeats."""
        label = "Your turn"
        if legal.phase == "draw":
            draws = sum(isinstance(s, Draw) for s in hand.game.streets)
            done = sum(e.kind == "draw_round" for e in hand.events)
            label = f"Your draw ({done} of {draws})" if draws > 1 else "Your draw"
        return f"{label}: {describe_legal(hand, legal)}"

    def user_acts(self, hand: Hand, legal: LegalActions) -> None:
        """Ask until the user gives a legal action, and apply it."""
        self.state(hand, legal)
        while True:
            self.say(self.prompt_line(hand, legal))
            line = self.ask("> ")
            try:
                command = parse_command(line, hand, legal)
                if command == "quit":
                    raise _QuitError("quit")
                if command == "help":
                    self.say(HELP)
                    continue
                if command == "state":
                    self.state(hand, legal)
                    continue
                assert isinstance(command, Action)
                refusal = _refusal(command, legal)
                if refusal is not None:
                    raise InputError(refusal)
                hand.apply(command)
                return
            except SplitpotError as exc:
                self.say(f"! {exc}")


# ---------------------------------------------------------------------- bots and store


def _isatty(stream: IO[str]) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def _make_bot(kind: str, rng: random.Random) -> Bot:
    return make_bot(kind, rng)


def _open_store(config: PlayConfig) -> HistoryStore | None:
    if not config.store:
        if config.db is not None:
            raise InputError("give --db PATH or --no-store, not both")
        return None
    return HistoryStore(config.db)  # None: the store's default path


# ---------------------------------------------------------------------- the command


def _cmd_play(args: argparse.Namespace, out: IO[str]) -> int:
    config = PlayConfig(
        game=args.game,
        seats=args.seats,
        structure=args.structure,
        stakes=args.stakes,
        seed=args.seed,
        stack=args.stack,
        bots=args.bots,
        hands=args.hands,
        db=args.db,
        store=args.store,
        name=args.name,
        explain=args.explain,
        run_twice=args.run_twice,
    )
    return Session(config, sys.stdin, out).run()


def add_play(play: argparse.ArgumentParser) -> None:
    """The arguments of ``splitpot play``."""
    play.description = (
        "Sit in seat 1 against bots. Stacks carry over and the button moves; the\n"
        "session ends when you quit (q, or end of input), bust, win every chip, or --hands\n"
        "are played. Your moves are read one line at a time from stdin (a terminal or a pipe)."
    )
    play.epilog = HELP
    play.formatter_class = argparse.RawDescriptionHelpFormatter  # the command list as it is
    play.add_argument("game", metavar="GAME", help="game id or alias (splitpot games)")
    play.add_argument("--seats", type=int, default=3, help="players, you included (default 3)")
    play.add_argument("--structure", choices=[s.value for s in Structure], help="betting structure")
    play.add_argument("--stakes", default="1/2", help="blinds (or ante/small bet), default 1/2")
    play.add_argument("--seed", type=int, help="seed for the deck and the bots (default: random)")
    play.add_argument("--stack", type=int, default=200, help="starting stack (default 200)")
    play.add_argument(
        "--bots",
        choices=tuple(BOTS),
        default="heuristic",
        help="the bots' play: " + ", ".join(BOTS) + " (default heuristic)",
    )
    play.add_argument("--hands", type=int, help="stop after this many hands (default: no limit)")
    play.add_argument(
        "--db",
        metavar="PATH",
        help="the history store (SQLite) to keep each finished hand in (default: $SPLITPOT_DB, "
        "else ~/.local/share/splitpot/history.sqlite3)",
    )
    play.add_argument("--no-store", dest="store", action="store_false", help="keep no hand history")
    play.add_argument("--name", default="hero", help="your name at the table (default hero)")
    play.add_argument(
        "--explain",
        action="store_true",
        help="after each bot decision, show its one-line reason (bots that give one: expert)",
    )
    play.add_argument(
        "--run-twice",
        action="store_true",
        help="board games: when everyone is all-in, offer to run the rest of the board twice",
    )
    play.set_defaults(handler=_cmd_play)
