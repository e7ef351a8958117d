"""Stakes and table options: the choices docs/rules.md leaves to a table, validated once."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from splitpot.errors import GameSpecError, SchemaError
from splitpot.games.spec import GameSpec
from splitpot.games.streets import Bet, Forced, Structure

__all__ = [
    "ANTE_RULES",
    "MAX_CHIPS",
    "MAX_STAKE",
    "OLD_OPTION_NAMES",
    "RESHUFFLE_POLICIES",
    "Options",
    "Stakes",
    "renamed_options",
]

MAX_STAKE: Final = 10**6
"""The most chips a blind, an ante or a fixed-limit bet may be."""
MAX_CHIPS: Final = 10**9
"""The most chips a buy-in or a starting stack may be."""

RESHUFFLE_POLICIES = ("all-discards", "previous-rounds")
_STAKES = re.compile(r"\s*(\d+)\s*/\s*(\d+)\s*(?:/\s*(\d+)\s*)?(.*)", re.IGNORECASE | re.DOTALL)
_STAKES_EXTRA = re.compile(
    r"\s*,?\s*(?:(ante|bb-ante|button-ante|bring-in)\s+(\d+)|(straddle))\s*", re.IGNORECASE
)
ANTE_RULES: Final = ("every", "big-blind", "button")
"""Who antes: every player, the big blind alone, or the button alone (docs/rules.md "Betting")."""
_ANTE_WORDS: Final = {"ante": "every", "bb-ante": "big-blind", "button-ante": "button"}
ODD_CHIP_OPTIONS = ("high-award", "refuse", "first-winner")
_FLAGS: Final = ("blind_counts_as_bet", "short_blind_full", "muck", "run_twice", "half_bet_full",
                 "first_bet_full", "deal_after_discards")  # fmt: skip


@dataclass(frozen=True, slots=True, kw_only=True)
class Stakes:
    """Blinds, antes, a straddle and fixed-limit bet sizes, in chips: the forced bets are data
    (docs/rules.md "Betting").

    ``Stakes.parse("1/2")`` gives blinds 1 and 2, a small bet of 2 and a big bet of 4; in an
    ante game (Doogie) the same text means an ante of 1, a small bet of 2 and a big bet of 4.
    A blind game may have an ante too: from every player (``"1/2 ante 1"``), the big blind
    alone (``"1/2 bb-ante 2"``, ``ante_rule="big-blind"``) or the button alone
    (``"1/2 button-ante 2"``), and a straddle (``"1/2 straddle"``: the player left of the big
    blind posts twice the big blind and acts last before the first draw or flop).
    ``antes`` and ``blinds`` give any list PHH can state instead (what a PHH import needs),
    in PHH's player order: from the first seat left of the button (the small blind), the
    button last; heads-up the first entry is the button's (the small blind), as in PHH.
    An ante game must have an ante (:meth:`check_game`): its blinds are not posted.
    A stud game (docs/rules.md "The mixed-game menu") has a ``bring_in`` below the small bet
    (0: none, the low card opens as it likes): ``"1/4/8 bring-in 2"`` is an ante of 1, bets of
    4 and 8 and a bring-in of 2; without ``bring-in``, a stud game's text brings in for half
    the small bet (``"1/2"``: ante 1, bring-in 1, bets 2/4).
    """

    small_blind: int = 1
    big_blind: int = 2
    ante: int = 0
    small_bet: int = 0
    big_bet: int = 0
    ante_rule: str = "every"
    straddle: int = 0
    antes: tuple[int, ...] = ()
    blinds: tuple[int, ...] = ()
    bring_in: int = 0  # stud: the bring-in (written to JSON only when there is one)

    def __post_init__(self) -> None:
        if self.small_bet == 0:
            object.__setattr__(self, "small_bet", self.big_blind)
        if self.big_bet == 0:
            object.__setattr__(self, "big_bet", 2 * self.small_bet)
        for name in ("antes", "blinds"):
            value = getattr(self, name)
            if not isinstance(value, list | tuple):
                raise GameSpecError(f"stakes {name} must be a list of chips, not {value!r:.40}")
            object.__setattr__(self, name, tuple(value))
        values = (self.small_blind, self.big_blind, self.ante, self.small_bet, self.big_bet,
                  self.straddle, self.bring_in, *self.antes, *self.blinds)  # fmt: skip
        if any(type(v) is not int or v < 0 for v in values):
            raise GameSpecError(f"stakes must be whole, non-negative chips: {values}")
        if self.big_blind <= 0 or self.small_blind > self.big_blind:
            raise GameSpecError("stakes need a big blind of at least one chip, not below the small")
        if type(self.ante_rule) is not str or self.ante_rule not in ANTE_RULES:
            raise GameSpecError(f"ante_rule {self.ante_rule!r:.40}: use {', '.join(ANTE_RULES)}")
        if self.straddle and self.straddle <= self.big_blind:
            raise GameSpecError(f"a straddle of {self.straddle} must be above the big blind")
        if self.bring_in and self.bring_in >= self.small_bet:
            raise GameSpecError(
                f"a bring-in of {self.bring_in} must be below the small bet ({self.small_bet})"
            )
        names = ("small blind", "big blind", "ante", "small bet", "big bet", "straddle", "bring-in")
        named = [*zip(names, values, strict=False)]
        named += [("ante", v) for v in self.antes] + [("blind", v) for v in self.blinds]
        for name, value in named:
            if value > MAX_STAKE:
                raise GameSpecError(
                    f"stakes: the {name} is {value:,} chips; a blind, ante or bet is at most "
                    f"{MAX_STAKE:,} chips"
                )

    @classmethod
    def parse(cls, text: str, game: GameSpec | None = None) -> Stakes:
        """``"1/2"``, ``"5/10"``, or ``"1/2/4"`` (blinds or ante / small bet / big bet); in a
        blind game, ``"1/2 ante 1"`` adds an ante from every player, ``"1/2 bb-ante 2"`` one
        from the big blind, ``"1/2 button-ante 2"`` one from the button, and ``"1/2 straddle"``
        a straddle of twice the big blind; in a stud game, ``"1/4/8 bring-in 2"``. With a
        ``game``, checked against it."""
        match = _STAKES.fullmatch(text) if isinstance(text, str) else None
        extras = _stakes_extras(match[4]) if match else None
        if not match or extras is None:
            raise GameSpecError(
                f"stakes {text!r:.40}: write them as SMALL/BIG, e.g. 1/2 (or 1/2 ante 1, "
                "1/2 bb-ante 2, 1/2 button-ante 2, 1/2 straddle)"
            )
        first, second = int(match[1]), int(match[2])
        third = int(match[3]) if match[3] else 0
        ante, rule, straddle, bring_in = extras
        if bring_in is not None and (game is None or game.stud is None):
            raise GameSpecError(f"stakes {text!r}: only a stud game has a bring-in")
        if game is not None and game.forced is Forced.ANTE:
            if ante or straddle:
                raise GameSpecError(
                    f"stakes {text!r}: in {game.name} the first number is the ante "
                    "(ANTE/SMALL_BET, e.g. 1/2)"
                )
            if game.stud is not None and bring_in is None:
                bring_in = second // 2  # the default bring-in: half the small bet
            stakes = cls(small_blind=first, big_blind=second, ante=first, small_bet=second,
                         big_bet=third or 2 * second, bring_in=bring_in or 0)  # fmt: skip
        else:
            stakes = cls(small_blind=first, big_blind=second, big_bet=third, ante=ante,
                         ante_rule=rule, straddle=2 * second if straddle else 0)  # fmt: skip
        if game is not None:
            stakes.check_game(game)
        return stakes

    def text(self) -> str:
        """The stakes as :meth:`parse` reads them in a blind game, e.g. ``"1/2 bb-ante 2
        straddle"`` (``Stakes.parse(s.text()) == s``); stakes with PHH's lists have none."""
        straddle = self.straddle not in (0, 2 * self.big_blind)
        if self.antes or self.blinds or self.small_bet != self.big_blind or straddle:
            raise GameSpecError("these stakes have no text: only SMALL/BIG[/BIG BET] ones do")
        out = f"{self.small_blind}/{self.big_blind}"
        if self.big_bet != 2 * self.small_bet:
            out += f"/{self.big_bet}"
        if self.ante:
            word = next(w for w, rule in _ANTE_WORDS.items() if rule == self.ante_rule)
            out += f" {word} {self.ante}"
        if self.straddle:
            out += " straddle"
        return out

    def check_game(self, game: GameSpec) -> None:
        """Refuse stakes ``game`` cannot play: an ante game (Doogie) with no ante would play
        for a pot of nothing (its blinds are not posted), and antes every player posts."""
        if self.bring_in and game.stud is None:
            raise GameSpecError(f"{game.name} has no bring-in (only the stud games do)")
        if game.forced is Forced.ANTE:
            if self.ante < 1 and not any(self.antes):
                raise GameSpecError(
                    f"{game.name} is an ante game: its stakes need an ante of at least one chip "
                    '(e.g. Stakes(ante=1, small_bet=2), or "1/2": ante 1, bets 2/4)'
                )
            if self.straddle or any(self.blinds) or self.ante_rule != "every":
                raise GameSpecError(
                    f"{game.name} is an ante game: every player antes, with no blinds or straddle"
                )

    def forced(self, game: GameSpec | None = None) -> int:
        """The most chips one seat is made to post before it acts: the ante and the big blind
        (in an ante game, the ante alone)."""
        ante = max((self.ante, *self.antes))
        if game is not None and game.forced is Forced.ANTE:
            return ante + self.bring_in
        return ante + max((self.big_blind, self.straddle, *self.blinds))

    def limit_bet(self, street: Bet) -> int:
        """The fixed-limit bet (and raise) of a betting round: the big bet on a big street."""
        return self.big_bet if street.big else self.small_bet

    def check_buy_in(self, chips: int, game: GameSpec | None = None, what: str = "buy-in") -> None:
        """Refuse a buy-in (or starting stack) over :data:`MAX_CHIPS`, or smaller than what a
        seat is made to post (:meth:`forced`): a seat could never act."""
        if chips > MAX_CHIPS:
            raise GameSpecError(f"{what} {chips:,}: the limit is {MAX_CHIPS:,} chips")
        need = self.forced(game)
        if chips < need:
            posts = (
                "ante" if game is not None and game.forced is Forced.ANTE else "ante and big blind"
            )
            raise GameSpecError(
                f"{what} {chips:,}: smaller than the {posts} a seat posts ({need:,} chips)"
            )

    def to_json(self) -> dict[str, Any]:
        """The stakes as a dict (the forced bets beyond one ante and two blinds only when
        there are any, so the JSON of a hand without them is as it always was)."""
        out: dict[str, Any] = {
            "small_blind": self.small_blind,
            "big_blind": self.big_blind,
            "ante": self.ante,
            "small_bet": self.small_bet,
            "big_bet": self.big_bet,
        }
        if self.ante_rule != "every":
            out["ante_rule"] = self.ante_rule
        if self.straddle:
            out["straddle"] = self.straddle
        if self.antes:
            out["antes"] = list(self.antes)
        if self.blinds:
            out["blinds"] = list(self.blinds)
        if self.bring_in:
            out["bring_in"] = self.bring_in
        return out


def _stakes_extras(text: str) -> tuple[int, str, bool, int | None] | None:
    """The words after SMALL/BIG: (ante, ante rule, straddle, bring-in), or ``None`` if they
    don't read."""
    ante, rule, straddle, at = 0, "every", False, 0
    bring_in: int | None = None
    while at < len(text):
        match = _STAKES_EXTRA.match(text, at)
        if not match or match.end() == at:
            return None
        if match[3]:
            if straddle:
                return None
            straddle = True
        elif match[1].lower() == "bring-in":
            if bring_in is not None:
                return None
            bring_in = int(match[2])
        else:
            if ante:
                return None
            ante, rule = int(match[2]), _ANTE_WORDS[match[1].lower()]
        at = match.end()
    return ante, rule, straddle, bring_in


@dataclass(frozen=True, slots=True, kw_only=True)
class Options:
    """Table options (docs/rules.md *option* decisions), each defaulting to the house rule.

    - ``odd_chip``: ``"high-award"`` (TDA 20, the house rule), ``"refuse"``, or
      ``"first-winner"`` (PHH readers' and PokerKit's: a split's odd chips all to the first
      winner left of the button; what a PHH written elsewhere was settled by);
    - ``raise_cap``: bets in a fixed-limit round, a bet and three raises (4) or four raises (5);
    - ``heads_up_uncapped``: no fixed-limit cap while only two players are in the hand;
    - ``reshuffle``: when the stub runs out, ``"all-discards"`` reshuffles every discard made
      so far except the drawing player's own of this round (PokerStars), or
      ``"previous-rounds"`` never reshuffles the current round's discards;
    - ``max_discard``: a smaller largest discard for every draw (Drawmadugi's 0-3 option);
    - ``bomb_ante``: above zero, this hand is a bomb pot (docs/rules.md "At the table"): every
      player posts this ante, there is no betting before the flop (:mod:`.bomb`);
    - ``two_way_tie_keeps``: in a declare game (Doogie), does a two-way declarer who ties with
      the best possible hand keep the pot? ``None`` (the default) plays the game's own rule,
      :attr:`GameSpec.two_way_tie_keeps` (the seed's house rule: it keeps). Its older name,
      ``doogie_tie_keeps``, is still read by :meth:`from_json` (stored tables and hands);
    - ``blind_counts_as_bet``: does the big blind count as the first bet of a fixed-limit
      first round toward ``raise_cap`` (the house rule, true), or is the cap counted in bets and
      raises after it (PHH and PokerKit: four of them on every street, false)?
    - ``short_blind_full``: a big blind (or straddle) all-in for less than the full blind: do
      the others still call the full blind (the house rule, true), or the largest blind posted
      (PHH readers and PokerKit, false: what a PHH written elsewhere was played by)?
    - ``muck``: at the showdown a player whose hand cannot win any part of the pot may muck it
      instead of showing (docs/rules.md "Betting"; off: every hand still in is shown);
    - ``run_twice``: run it twice (docs/rules.md "At the table"): when no more betting can
      happen before the board is complete and no draw is to come, every player still in is
      asked, and if all agree the missing board cards are dealt twice (:mod:`.runs`).
    - ``half_bet_full``: fixed-limit, an all-in bet or raise of half a bet or more counts as a
      full one and the next raise is a full bet above the last full one (the house rule, true);
      or PokerKit's (false): a raise is always a full bet above the current bet, an all-in
      counts as full only when it raises by a full bet, and every bet and raise, short or
      full, counts toward ``raise_cap``; in stud a bring-in is still completed to the small
      bet, the round's first bet, and a stack of no more than the bring-in may complete
      all-in (a first bet the next player raises a full bet above).
    - ``first_bet_full``: does a round's first bet or raise count as a full one even when it
      is an all-in short of the smallest bet, reopening the betting for players who checked,
      as does an all-in that raises by at least the round's largest raise so far, or short
      all-ins that add up to it (PokerKit, true)? The house rule (false) is TDA 43: a short
      all-in does not reopen (in fixed-limit, unless it is half a bet or more).
    - ``deal_after_discards``: a draw's replacements are dealt once every player has
      discarded, in the drawing order, and a reshuffle then draws on every discard of the
      round, the drawing player's own included (PokerKit, true); the house rule (false) deals
      each player's replacements before the next player discards (docs/rules.md "Drawing").

    The options from ``blind_counts_as_bet`` on are written by :meth:`to_json` only when they
    are not their defaults, so the stored JSON of every hand dealt without them is as it was.
    """

    odd_chip: str = "high-award"
    raise_cap: int = 4
    heads_up_uncapped: bool = False
    reshuffle: str = "all-discards"
    max_discard: int | None = None
    two_way_tie_keeps: bool | None = None
    bomb_ante: int = 0  # a bomb pot's ante (0: not a bomb pot; engine/bomb.py)
    blind_counts_as_bet: bool = True
    short_blind_full: bool = True
    muck: bool = False
    run_twice: bool = False
    half_bet_full: bool = True
    first_bet_full: bool = False
    deal_after_discards: bool = False

    def __post_init__(self) -> None:
        for name in _FLAGS:
            if type(getattr(self, name)) is not bool:
                raise GameSpecError(f"{name} {getattr(self, name)!r:.40}: true or false")
        # Each option by type and range: True is not the number 1, "no" is not False.
        if type(self.odd_chip) is not str or self.odd_chip not in ODD_CHIP_OPTIONS:
            raise GameSpecError(
                f"odd_chip {self.odd_chip!r}: use high-award, refuse or first-winner"
            )
        if type(self.raise_cap) is not int or self.raise_cap not in (4, 5):
            raise GameSpecError(
                f"raise_cap {self.raise_cap!r}: a bet and three raises (4) or four (5)"
            )
        if type(self.heads_up_uncapped) is not bool:
            raise GameSpecError(f"heads_up_uncapped {self.heads_up_uncapped!r}: true or false")
        if type(self.reshuffle) is not str or self.reshuffle not in RESHUFFLE_POLICIES:
            raise GameSpecError(
                f"reshuffle {self.reshuffle!r}: use {' or '.join(RESHUFFLE_POLICIES)}"
            )
        if self.two_way_tie_keeps is not None and type(self.two_way_tie_keeps) is not bool:
            raise GameSpecError(
                f"two_way_tie_keeps {self.two_way_tie_keeps!r}: true, false or null (the game's)"
            )
        if type(self.bomb_ante) is not int or self.bomb_ante < 0:
            raise GameSpecError(f"bomb_ante {self.bomb_ante!r}: a whole number of chips")
        if self.max_discard is not None and (
            type(self.max_discard) is not int or self.max_discard < 1
        ):
            # (its upper bound is the game's largest draw: check_game)
            raise GameSpecError(
                f"max_discard {self.max_discard!r}: a whole number of cards, at least 1"
            )

    def check_game(self, game: GameSpec) -> None:
        """Refuse an option ``game`` cannot use: a ``max_discard`` above its largest draw, or
        in a game with no draw. Called where a table is set up for one game (the web lobby);
        a hand itself plays each draw's smaller limit, so options shared by a rotation of
        games stay playable."""
        if self.max_discard is None:
            return
        largest = max((draw.max_discard for draw in game.draws), default=0)
        if largest == 0:
            raise GameSpecError(f"max_discard {self.max_discard}: {game.name} has no draw")
        if self.max_discard > largest:
            raise GameSpecError(
                f"max_discard {self.max_discard}: {game.name} draws at most {largest} cards"
            )

    def to_json(self) -> dict[str, Any]:
        """The options as a dict."""
        return {
            "odd_chip": self.odd_chip,
            "raise_cap": self.raise_cap,
            "heads_up_uncapped": self.heads_up_uncapped,
            "reshuffle": self.reshuffle,
            "max_discard": self.max_discard,
            "two_way_tie_keeps": self.two_way_tie_keeps,
        } | {
            name: value
            for name, value, default in (
                ("bomb_ante", self.bomb_ante, 0),
                ("blind_counts_as_bet", self.blind_counts_as_bet, True),
                ("short_blind_full", self.short_blind_full, True),
                ("muck", self.muck, False),
                ("run_twice", self.run_twice, False),
                ("half_bet_full", self.half_bet_full, True),
                ("first_bet_full", self.first_bet_full, False),
                ("deal_after_discards", self.deal_after_discards, False),
            )
            if value != default
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Options:
        """Options from :meth:`to_json`'s dict, checked against this class's fields (the
        schema of stored tables, hands and the web's table options); the older key
        ``doogie_tie_keeps`` is read as ``two_way_tie_keeps``."""
        from splitpot.schema import field_names, read, unknown_keys  # msgspec: only here

        given = renamed_options(data)
        unknown = unknown_keys(given, cls)
        if unknown:
            known = ", ".join(field_names(cls))
            raise SchemaError(f"unknown option {unknown[0]!r}: use {known}")
        return read(given, cls, {})


OLD_OPTION_NAMES: Final = {"doogie_tie_keeps": "two_way_tie_keeps"}
"""Options that were renamed: the old key (still read) and its name now."""


def renamed_options(data: Mapping[str, Any]) -> dict[str, Any]:
    """``data`` with each option's older name replaced by its name now; giving both names of
    one option is refused unless they agree."""
    out = dict(data)
    for old, new in OLD_OPTION_NAMES.items():
        if old in out:
            value = out.pop(old)
            if new in out and out[new] != value:
                raise GameSpecError(f"{old} (the older name of {new}) and {new} disagree")
            out.setdefault(new, value)
    return out


def check_structure(game: GameSpec, structure: Structure | str | None) -> Structure:
    """The structure to play: the game's default, or one it allows."""
    if structure is None:
        return game.structure
    try:
        chosen = Structure(structure)
    except ValueError:
        known = ", ".join(s.value for s in Structure)
        raise GameSpecError(f"unknown structure {structure!r}: use {known}") from None
    if chosen not in game.structures:
        raise GameSpecError(f"{game.name} is not played {chosen.value}")
    return chosen
