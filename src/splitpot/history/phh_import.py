"""Reading PHH back into event logs (see :mod:`splitpot.history.phh` for the format): every
dealt and shown card is checked against the hand as the engine deals it, and the final stacks,
winnings, awards and declarations against the engine's result."""

from __future__ import annotations

import re
import tomllib
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from datetime import time as clock_time
from typing import Any, Final
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from splitpot.cards import Card, parse_cards
from splitpot.engine.events import Action, Event, way_of
from splitpot.engine.forced import stakes_from_phh
from splitpot.engine.hand import Hand
from splitpot.engine.options import Options, Stakes
from splitpot.engine.unknown import fill_unknown
from splitpot.errors import SplitpotError
from splitpot.games import GameSpec, find_game
from splitpot.games.streets import Deal, Forced, Structure
from splitpot.history.phh_export import export_phh
from splitpot.history.phh_redeal import Rebuilt, rebuild_deck
from splitpot.history.phh_variants import PhhHand, from_variant, has_sviten
from splitpot.history.store import HistoryError

__all__ = ["RefusedHand", "import_phh", "read_phh", "read_phh_report"]


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise HistoryError(f"{what} must be a whole number, not {value!r}")
    if isinstance(value, float):
        if not value.is_integer():
            raise HistoryError(f"{what} must be a whole number of chips, not {value!r}")
        return int(value)
    return value


def _ints(doc: Mapping[str, Any], key: str, count: int | None = None) -> list[int]:
    value = doc.get(key)
    if not isinstance(value, list):
        raise HistoryError(f"{key} must be a list of numbers")
    if count is not None and len(value) != count:
        raise HistoryError(f"{key} has {len(value)} entries for {count} players")
    return [_int(item, f"{key}[{i}]") for i, item in enumerate(value)]


def _table(doc: Mapping[str, Any], key: str) -> dict[str, Any] | None:
    value = doc.get(key)
    if value is None:
        return None
    if not isinstance(value, dict):
        raise HistoryError(f"{key} must be a table")
    return value


def _stake(value: Any, what: str) -> Any:
    if isinstance(value, list):
        return tuple(_int(item, f"{what}[{i}]") for i, item in enumerate(value))
    return value if isinstance(value, str) else _int(value, what)


def _stakes(doc: Mapping[str, Any], game: GameSpec, structure: Structure, count: int) -> Stakes:
    given = _table(doc, "_stakes")
    try:
        if given is not None:
            return Stakes(**{k: _stake(v, f"_stakes.{k}") for k, v in given.items()})
        antes = _ints(doc, "antes", count)
        blinds = _ints(doc, "blinds_or_straddles") if "blinds_or_straddles" in doc else []
        if len(blinds) > count:
            raise HistoryError(f"blinds_or_straddles has {len(blinds)} entries for {count} players")
        blinds += [0] * (count - len(blinds))
        # ante_trimming_status: antes are posted in full up to each stack either way; antes
        # that differ are dead money, which the finishing stacks check where pots are split.
        if structure is Structure.FIXED_LIMIT:
            small_bet = _int(doc.get("small_bet"), "small_bet")
            big_bet = _int(doc.get("big_bet"), "big_bet")
        else:
            small_bet = _int(doc.get("min_bet"), "min_bet")
            big_bet = 2 * small_bet
        if (
            game.forced is not Forced.ANTE
            and structure is not Structure.FIXED_LIMIT
            and small_bet != blinds[1]
        ):
            raise HistoryError("splitpot's minimum bet is the big blind")
        stakes = stakes_from_phh(antes, blinds, small_bet, big_bet, game)
        if game.stud is not None:  # stud: PHH's bring-in
            stakes = replace(stakes, bring_in=_int(doc.get("bring_in", 0), "bring_in"))
        return stakes
    except (TypeError, SplitpotError) as exc:
        if isinstance(exc, HistoryError):
            raise
        raise HistoryError(f"stakes: {exc}") from None


def _phh_cards(text: str, where: str) -> list[Card | None]:
    out: list[Card | None] = []
    for index in range(0, len(text), 2):
        token = text[index : index + 2]
        if token == "??":
            out.append(None)
            continue
        try:
            (card,) = parse_cards(token, where=where)
        except (SplitpotError, ValueError):
            raise HistoryError(f"{token!r} is not a card ({where})") from None
        out.append(card)
    if len(text) % 2:
        raise HistoryError(f"{text!r}: cards are two characters each ({where})")
    return out


def _words(raw: Any, index: int) -> list[str]:
    if not isinstance(raw, str):
        raise HistoryError(f"action {index}: {raw!r} is not text")
    return raw.split("#", 1)[0].split()


def _unseen_mucks(
    actions: Any, count: int, game: GameSpec | None = None
) -> tuple[list[Any], set[int]]:
    """The actions with a mucking player's cards unknown (``??``): a muck (``p4 sm``, no
    cards) is never shown, so the import keeps nothing of the mucked hand but, in stud, the
    up cards everyone saw; and who mucks."""
    ups = [s.up for s in game.streets if isinstance(s, Deal) and s.hole] if game else []
    if game is None or game.stud is None:
        ups = []
    dealt: dict[str, int] = {}
    if not isinstance(actions, list):
        return actions, set()
    mucked = set()
    for index, raw in enumerate(actions, 1):
        words = _words(raw, index)
        if len(words) == 2 and words[1] == "sm":
            mucked.add(words[0])
    if not mucked:
        return list(actions), set()
    out = []
    for index, raw in enumerate(actions, 1):
        words = _words(raw, index)
        if words[:2] == ["d", "dh"] and len(words) == 4 and words[2] in mucked:
            street = dealt[words[2]] = dealt.get(words[2], -1) + 1
            up = ups[street] if street < len(ups) else 0  # stud: the up cards stay seen
            kept = len(words[3]) - 2 * up
            out.append(f"d dh {words[2]} " + "?" * kept + words[3][kept:])
        elif len(words) == 3 and words[0] in mucked and words[1] == "sd":
            out.append(f"{words[0]} sd " + "?" * len(words[2]))
        else:
            out.append(raw)
    return out, {_player(who, count) for who in mucked}


def _readers_options(opts: Options, game: GameSpec, structure: Structure) -> Options:
    """The options of a PHH written elsewhere: settled, capped, bet and dealt as PokerKit does
    (docs/phh.md "Real tables"): odd chips to the first winner, the largest blind posted,
    PokerKit's short all-ins (in stud too, where completing the bring-in is the first bet),
    and a draw's replacements once every player has discarded."""
    opts = replace(opts, odd_chip="first-winner", short_blind_full=False, first_bet_full=True,
                   half_bet_full=False, deal_after_discards=not has_sviten(game))  # fmt: skip
    if structure is Structure.FIXED_LIMIT:
        opts = replace(opts, blind_counts_as_bet=False)  # 4 bets after the blinds
    return opts


def _player(text: str, count: int) -> int:
    match = re.fullmatch(r"p([1-9][0-9]*)", text)
    if not match or int(match[1]) > count:
        raise HistoryError(f"{text!r} is not a player (p1 to p{count})")
    return int(match[1]) - 1


def _started(doc: Mapping[str, Any]) -> datetime | None:
    moment = doc.get("time")
    try:
        year, month, day = (int(doc[k]) for k in ("year", "month", "day"))
    except (KeyError, TypeError, ValueError):
        return None
    if not isinstance(moment, clock_time):
        return None
    zone: Any = UTC
    name = doc.get("time_zone")
    if isinstance(name, str) and name != "UTC":
        try:
            zone = ZoneInfo(name)
        except (ZoneInfoNotFoundError, ValueError):
            zone = UTC
    try:
        return datetime.combine(datetime(year, month, day).date(), moment, tzinfo=zone)
    except ValueError:
        return None


_COMPARED: Final = (
    "variant", "antes", "blinds_or_straddles", "bring_in", "small_bet", "big_bet", "min_bet",
    "finishing_stacks", "winnings", "_declarations", "_sviten", "_awards", "_runs", "_run_two",
)  # fmt: skip


class _Importer:
    """Plays a PHH's actions on a splitpot hand dealt from its deck, checking every card."""

    def __init__(self, doc: Mapping[str, Any]) -> None:
        self.doc = doc
        variant = doc.get("variant")
        if not isinstance(variant, str):
            raise HistoryError("no variant: a PHH hand starts with variant = '...'")
        if "_game" in doc:
            try:
                game = find_game(str(doc["_game"]))
                structure = Structure(str(doc.get("_structure") or game.structure))
            except (SplitpotError, ValueError) as exc:
                raise HistoryError(f"_game/_structure: {exc}") from None
        else:
            game, structure = from_variant(variant)
        stacks = _ints(doc, "starting_stacks")
        count = len(stacks)
        if not isinstance(doc.get("actions"), list):
            raise HistoryError("actions must be a list of PHH actions")
        order, button = self._seats(count)
        names = self._names(count, order)
        options = _table(doc, "_options")
        try:
            opts = Options.from_json(options) if options is not None else Options()
        except (TypeError, SplitpotError) as exc:
            raise HistoryError(f"_options: {exc}") from None
        if options is None:  # a PHH written elsewhere: played as PHH readers (PokerKit) play it
            opts = _readers_options(opts, game, structure)
        self.actions, mucked = _unseen_mucks(doc["actions"], count, game)
        if mucked:  # a record's muck replays whatever the table's option
            opts = replace(opts, muck=True)
        given: list[Card | None]
        rebuilt: Rebuilt | None = None
        redeal: list[Card] | None = None
        stub_size: int | None = None
        if "_deck" in doc:
            if not isinstance(doc["_deck"], str):
                raise HistoryError("_deck must be the 52 cards as text")
            given = _phh_cards(doc["_deck"], "in _deck")
            known = [card for card in given if card is not None]
            if len(given) != 52 or len(set(known)) != len(known):
                raise HistoryError("_deck must hold each of the 52 cards once (?? if unknown)")
        else:
            rebuilt = rebuild_deck(self.actions, game, count, _phh_cards,
                                   lambda who: _player(who, count))  # fmt: skip
            given, redeal, stub_size = rebuilt.deck, rebuilt.redeal, rebuilt.stub_size
        if "_redeal" in doc:
            redeal = [c for c in _phh_cards(str(doc["_redeal"]), "in _redeal") if c is not None]
            stub_size = _int(doc.get("_stub_size"), "_stub_size")
        deck, unknown = fill_unknown(given)
        if rebuilt is not None and rebuilt.unknown is not None:  # a reshuffle: rebuilt whole
            unknown = rebuilt.unknown
        seed = _int(doc.get("_seed", 0), "_seed")
        seat_stacks = [0] * count
        for index, seat in enumerate(order):
            seat_stacks[seat] = stacks[index]
        self.order = order
        self.count = count
        try:
            self.hand = Hand(
                game,
                stacks=seat_stacks,
                button=button,
                stakes=_stakes(doc, game, structure, count),
                structure=structure,
                options=opts,
                deck=deck,
                names=names,
                reshuffle_seed=seed,
                unknown=unknown,
                redeal=redeal,
                stub_size=stub_size,
            )
        except SplitpotError as exc:
            if isinstance(exc, HistoryError):
                raise
            raise HistoryError(str(exc)) from None
        self.seen = 0
        self.dealt: list[deque[Card]] = [deque() for _ in range(count)]
        self.hidden: list[list[Card]] = [[] for _ in range(count)]
        self.board: deque[Card] = deque()
        self.shown: dict[int, tuple[Card, ...]] = {}
        self.face_up: Card | None = None
        self.sviten: deque[Any] = deque(doc.get("_sviten") or ())
        self.declarations = doc.get("_declarations")
        self.runs: deque[Any] = deque(doc.get("_runs") or ())  # run it twice: the answers
        self._absorb()

    def _seats(self, count: int) -> tuple[list[int], int]:
        if "seats" not in self.doc:
            return list(range(count)), count - 1
        numbers = _ints(self.doc, "seats", count)
        if len(set(numbers)) != count:
            raise HistoryError("seats: two players in one seat")
        ranked = sorted(numbers)
        order = [ranked.index(number) for number in numbers]
        button = order[-1]
        if any(seat != (button + 1 + i) % count for i, seat in enumerate(order)):
            raise HistoryError(
                "seats: PHH players go clockwise from the first seat left of the button, "
                f"so the seat numbers {numbers} are out of order"
            )
        return order, button

    def _names(self, count: int, order: Sequence[int]) -> list[str] | None:
        players = self.doc.get("players")
        if players is None:
            return None
        if not isinstance(players, list) or len(players) != count:
            raise HistoryError(f"players must name each of the {count} players")
        names = [""] * count
        for index, seat in enumerate(order):
            names[seat] = str(players[index])
        return names

    def _absorb(self) -> None:
        """Note the cards the engine dealt and showed since the last look."""
        events = self.hand.events
        for event in events[self.seen :]:
            seat = event.seat
            if event.kind == "deal_hole" and seat is not None:
                self.dealt[seat] += event.secret["cards"]
            elif event.kind == "discard" and seat is not None:
                self.dealt[seat] += event.secret.get("received", ())
            elif event.kind == "sviten_up":
                self.face_up = event.data["card"]
            elif event.kind == "keep" and seat is not None and self.face_up is not None:
                self.dealt[seat].append(self.face_up)
            elif event.kind == "sviten_down" and seat is not None:
                self.dealt[seat] += event.secret["received"]
            elif event.kind == "deal_board":
                self.board += event.data["cards"]
            elif event.kind == "show" and seat is not None:
                self.shown[seat] = tuple(event.data["cards"])
        self.seen = len(events)

    def _label(self, seat: int) -> str:
        return f"p{self.order.index(seat) + 1}"

    def _choices(self) -> None:
        """Declarations and Sviten choices: the engine waits for them; PHH has no action."""
        hand = self.hand
        while hand.phase in ("declare", "sviten", "runs") and hand.to_act is not None:
            seat = hand.to_act
            who = self._label(seat)
            if hand.phase == "runs":
                action = self._run_answer(who)
            elif hand.phase == "declare":
                ways = self.declarations
                index = self.order.index(seat)
                if not isinstance(ways, list) or len(ways) != self.count or not ways[index]:
                    raise HistoryError(f"_declarations must give {who}'s declaration")
                way = way_of(ways[index])
                if way is None:
                    raise HistoryError(f"_declarations: {who} declares high, low or both")
                action = Action.declare(way)
            else:
                if not self.sviten:
                    raise HistoryError(f"_sviten must say whether {who} kept the face-up card")
                entry = self.sviten.popleft()
                if not isinstance(entry, dict) or entry.get("player") != who:
                    raise HistoryError(f"_sviten: the next face-up card is {who}'s, not {entry!r}")
                if entry.get("up") != str(self.face_up):
                    raise HistoryError(
                        f"_sviten: {who}'s face-up card is {self.face_up}, not {entry.get('up')}"
                    )
                choice = entry.get("choice")
                if choice not in ("keep", "reject"):
                    raise HistoryError(f"_sviten: {who} must keep or reject, not {choice!r}")
                action = Action.keep() if choice == "keep" else Action.reject()
            try:
                hand.apply(action, seat=seat)
            except SplitpotError as exc:
                raise HistoryError(f"{who}: {exc}") from None
            self._absorb()

    def _run_answer(self, who: str) -> Action:
        """Run it twice: the next answer of ``_runs``, which must be ``who``'s."""
        if not self.runs:
            raise HistoryError(f"_runs must say whether {who} runs it twice or once")
        entry = self.runs.popleft()
        if not isinstance(entry, dict) or entry.get("player") != who:
            raise HistoryError(f"_runs: the next answer is {who}'s, not {entry!r:.60}")
        choice = entry.get("choice")
        if choice not in ("twice", "once"):
            raise HistoryError(f"_runs: {who} runs it twice or once, not {choice!r:.20}")
        return Action.run_twice() if choice == "twice" else Action.run_once()

    def _take(
        self, queue: deque[Card], cards: Sequence[Card | None], where: str, seat: int | None = None
    ) -> None:
        expected = [queue.popleft() for _ in range(min(len(cards), len(queue)))]
        if len(expected) < len(cards) or any(
            c is not None and c != e for c, e in zip(cards, expected, strict=True)
        ):
            dealt = "".join(map(str, expected)) or "nothing"
            raise HistoryError(f"{where}: the deck deals {dealt} here")
        if seat is not None:  # the cards dealt to it unseen (??): what its ?? discards throw
            self.hidden[seat] += [e for c, e in zip(cards, expected, strict=True) if c is None]

    def _answerless_check(self, seat: int) -> bool:
        """PokerKit asks for a check nobody can answer; splitpot does not ask it."""
        hand = self.hand
        live = hand.in_hand()
        return (
            seat in live
            and hand.bets[seat] >= max(hand.bets[s] for s in live)
            and all(hand.stacks[s] == 0 for s in live if s != seat)
        )

    def _act(self, seat: int, words: list[str], where: str) -> None:
        hand = self.hand
        verb = words[1]
        arity = {"f": (2,), "cc": (2,), "cbr": (3,), "sd": (2, 3)}
        arity["pb"] = (2,)  # stud's bring-in
        if len(words) not in arity.get(verb, ()):
            raise HistoryError(f"{where}: not a PHH action")
        asked = hand.to_act == seat and hand.phase == "bet"
        if verb == "cc" and not asked and self._answerless_check(seat):
            return
        if hand.to_act is None:
            raise HistoryError(f"{where}: the hand is already over")
        if hand.to_act != seat:
            raise HistoryError(f"{where}: {self._label(hand.to_act)} is to act")
        legal = hand.legal_actions()
        assert legal is not None
        action: Action
        if verb == "pb":
            action = Action.bring_in()
        elif verb == "f":
            action = Action.fold()
        elif verb == "cc":
            action = Action.check() if legal.check else Action.call()
        elif verb == "cbr":
            try:
                amount = int(words[2])
            except ValueError:
                raise HistoryError(f"{where}: {words[2]!r} is not a whole number") from None
            kind = legal.raise_.kind if legal.raise_ is not None else "raise"
            action = Action(kind, amount=amount)
        else:
            thrown = _phh_cards(words[2], where) if len(words) == 3 else []
            action = Action.discard(self._thrown(seat, thrown, where))
        try:
            hand.apply(action, seat=seat)
        except SplitpotError as exc:
            raise HistoryError(f"{where}: {exc}") from None

    def _thrown(self, seat: int, thrown: Sequence[Card | None], where: str) -> list[Card]:
        """The cards a discard throws; an unknown one (``??``) is one of the placeholders."""
        stand_ins = [c for c in self.hand.hole[seat] if c in self.hidden[seat]]
        out: list[Card] = []
        for card in thrown:
            if card is None and not stand_ins:
                raise HistoryError(f"{where}: {self._label(seat)} has no unknown card to throw")
            out.append(stand_ins.pop(0) if card is None else card)
            if card is None:
                self.hidden[seat].remove(out[-1])
        return out

    def run(self) -> tuple[Event, ...]:
        shows: list[tuple[int, list[str], str]] = []
        for index, raw in enumerate(self.actions, 1):
            words = _words(raw, index)
            if not words:
                continue  # a no-op or a comment
            where = f"action {index} ({raw.strip()!r})"
            self._choices()
            if words[0] == "d":
                if words[1:2] == ["dh"] and len(words) == 4:
                    seat = self.order[_player(words[2], self.count)]
                    self._take(self.dealt[seat], _phh_cards(words[3], where), where, seat)
                elif words[1:2] == ["db"] and len(words) == 3:
                    self._take(self.board, _phh_cards(words[2], where), where)
                else:
                    raise HistoryError(f"{where}: not a PHH dealing action")
                continue
            if len(words) < 2:
                raise HistoryError(f"{where}: not a PHH action")
            seat = self.order[_player(words[0], self.count)]
            if words[1] == "sm":
                shows.append((seat, words, where))
                self._showdown(shows)
                continue
            self._act(seat, words, where)
            self._absorb()
        self._choices()
        self._showdown(shows)
        self._absorb()
        hand = self.hand
        if not hand.is_over:
            waiting = self._label(hand.to_act) if hand.to_act is not None else "the dealer"
            raise HistoryError(f"the actions stop before the hand is over ({waiting} is to act)")
        for seat, queue in enumerate(self.dealt):
            if queue:
                raise HistoryError(
                    f"the actions do not deal {self._label(seat)} {''.join(map(str, queue))}"
                )
        if self.board:
            raise HistoryError(
                f"the actions do not deal the board's {''.join(map(str, self.board))}"
            )
        self._check_shows(shows)
        return hand.events

    def _showdown(self, shows: Sequence[tuple[int, list[str], str]]) -> None:
        """With the muck option, show or muck as the actions say, in the engine's order."""
        hand = self.hand
        said = {seat: words for seat, words, _ in shows}
        while hand.phase == "show" and hand.to_act is not None and hand.to_act in said:
            seat = hand.to_act
            action = Action.muck() if len(said[seat]) == 2 else Action.show()
            try:
                hand.apply(action, seat=seat)
            except SplitpotError as exc:
                raise HistoryError(f"{self._label(seat)}: {exc}") from None
            self._absorb()

    def _check_shows(self, shows: Sequence[tuple[int, list[str], str]]) -> None:
        said = set()
        mucked = {e.seat for e in self.hand.events if e.kind == "muck"}
        for seat, words, where in shows:
            if seat in mucked and len(words) == 2:
                said.add(seat)
                continue
            if seat not in self.shown:
                raise HistoryError(f"{where}: {self._label(seat)} has no hand at the showdown")
            if len(words) != 3:
                raise HistoryError(f"{where}: splitpot shows every hand at the showdown")
            if words[2] != "-":
                cards = _phh_cards(words[2], where)
                known = sorted(c for c in cards if c is not None)
                # (stud: a hand shown all-in before seventh street shows the cards so far)
                short = self.hand.game.stud is not None and len(cards) < len(self.shown[seat])
                if (len(cards) != len(self.shown[seat]) and not short) or not set(known) <= set(
                    self.shown[seat]
                ):
                    shown = "".join(map(str, self.shown[seat]))
                    raise HistoryError(f"{where}: {self._label(seat)} shows {shown}")
            said.add(seat)
        missing = sorted(set(self.shown) - said)
        if missing:
            raise HistoryError(
                "the actions do not show " + ", ".join(self._label(s) for s in missing) + "'s hand"
            )


def _section(doc: Mapping[str, Any]) -> PhhHand:
    importer = _Importer(doc)
    events = importer.run()
    hand_number = doc.get("hand")
    number = hand_number if isinstance(hand_number, int | str) else None
    started = _started(doc)
    again = tomllib.loads(export_phh(events))
    for key in _COMPARED:
        if key in doc and doc[key] != again.get(key):
            raise HistoryError(
                f"{key} does not match the hand: the PHH says {doc[key]!r}, "
                f"the hand as played gives {again.get(key)!r}"
            )
    return PhhHand(events, number, started)


@dataclass(frozen=True, slots=True)
class RefusedHand:
    """A hand of a ``.phhs`` that could not be read: its place (1, 2, ...), its table name
    (the hand's number) and why."""

    place: int
    name: str
    reason: str

    def __str__(self) -> str:
        return f"hand [{self.name}] (the {_ordinal(self.place)} in the file): {self.reason}"


def _ordinal(number: int) -> str:
    suffix = (
        "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    )
    return f"{number}{suffix}"


def _sections(text: str) -> list[tuple[str | None, Any]]:
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise HistoryError(f"not PHH (TOML): {exc}") from None
    if "variant" in doc:
        return [(None, doc)]
    sections: list[tuple[str | None, Any]] = list(doc.items())
    if not sections:
        raise HistoryError("no hand: the PHH text is empty")
    return sections


def _read_section(section: Any, name: str | None) -> PhhHand:
    if not isinstance(section, dict) or "variant" not in section:
        raise HistoryError("not a PHH hand (no variant)")
    return _section(section)


def read_phh_report(text: str) -> tuple[list[PhhHand], list[RefusedHand]]:
    """Every good hand of a PHH text, and each one refused with its reason (a ``.phhs`` with
    one bad hand among many still gives the good ones)."""
    hands: list[PhhHand] = []
    refused: list[RefusedHand] = []
    for place, (name, section) in enumerate(_sections(text), 1):
        try:
            hands.append(_read_section(section, name))
        except HistoryError as exc:
            if name is None:
                raise
            refused.append(RefusedHand(place, name, str(exc)))
    return hands, refused


def read_phh(text: str) -> list[PhhHand]:
    """Every hand of a PHH text: one hand (``.phh``) or tables of hands (``.phhs``); the
    first hand that cannot be read refuses the whole text (:func:`read_phh_report` reads
    the rest)."""
    hands, refused = read_phh_report(text)
    if refused:
        raise HistoryError(str(refused[0]))
    return hands


def import_phh(text: str) -> list[Event]:
    """The event log of the one hand in a PHH text (:meth:`Hand.replay` accepts it)."""
    hands = read_phh(text)
    if len(hands) != 1:
        raise HistoryError(f"the PHH text holds {len(hands)} hands, not one: use read_phh")
    return list(hands[0].events)
