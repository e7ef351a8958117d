"""Forced bets as data (docs/rules.md "Betting"): who antes and who posts which blind, from a
hand's :class:`Stakes`, and who acts first in the first betting round.

Positions are PHH's: position ``i`` is the seat ``i + 1`` places left of the button, so the
small blind is position 0 and the button the last; heads-up, position 0 is the button (the
small blind, TDA 34) and position 1 the big blind, as PHH and PokerKit read a two-player list.
"""

from __future__ import annotations

from dataclasses import dataclass

from splitpot.engine.events import Blind
from splitpot.engine.options import Stakes
from splitpot.errors import GameSpecError
from splitpot.games import GameSpec
from splitpot.games.streets import Forced

__all__ = ["ForcedBets", "forced_bets", "phh_forced", "position_seat", "stakes_from_phh"]


def position_seat(position: int, button: int, count: int) -> int:
    """The seat of PHH position ``position`` (heads-up the button is position 0)."""
    if count == 2:
        return (button + position) % count
    return (button + 1 + position) % count


@dataclass(frozen=True, slots=True)
class ForcedBets:
    """The forced bets of one hand, by seat: what each seat antes, the blinds in the order
    they are posted, whether the antes are dead money, and the first betting round's shape."""

    antes: tuple[int, ...]  # by seat
    blinds: tuple[tuple[int, Blind, int], ...]  # (seat, name, chips) in posting order
    dead_antes: bool  # unequal antes go to the main pot as dead money, not as contributions
    first: int | None  # the seat that acts first in the first betting round (None: left of button)
    opening: int  # the bet to match in the first round: the largest blind (or 0)
    opening_bets: int  # fixed-limit: how many bets the blinds count for (the cap)


def _ante_list(stakes: Stakes, count: int) -> list[int]:
    if stakes.antes:
        if len(stakes.antes) != count:
            raise GameSpecError(f"the stakes give {len(stakes.antes)} antes for {count} players")
        return list(stakes.antes)
    antes = [0] * count
    if stakes.ante_rule == "every":
        antes = [stakes.ante] * count
    elif stakes.ante_rule == "big-blind":
        antes[1] = stakes.ante
    else:
        antes[0 if count == 2 else count - 1] = stakes.ante
    return antes


def _blind_list(stakes: Stakes, count: int) -> list[int]:
    if stakes.blinds:
        if len(stakes.blinds) > count:
            raise GameSpecError(f"the stakes give {len(stakes.blinds)} blinds for {count} players")
        return list(stakes.blinds) + [0] * (count - len(stakes.blinds))
    blinds = [stakes.small_blind, stakes.big_blind] + [0] * (count - 2)
    if stakes.straddle and count > 2:
        blinds[2] = stakes.straddle
    return blinds


_NAMES: tuple[Blind, ...] = ("small blind", "big blind")


def forced_bets(stakes: Stakes, game: GameSpec, button: int, count: int) -> ForcedBets:
    """Who posts what in a hand of ``game`` with ``count`` seats and the button at ``button``."""
    by_position = _ante_list(stakes, count)
    antes = [0] * count
    for position, chips in enumerate(by_position):
        antes[position_seat(position, button, count)] = chips
    posted = [chips for chips in by_position if chips]
    dead = len(set(posted)) > 1 or len(posted) not in (0, count)
    if game.forced is Forced.ANTE:
        return ForcedBets(tuple(antes), (), dead, None, 0, 0)
    blinds = _blind_list(stakes, count)
    seats = [position_seat(p, button, count) for p in range(count)]
    named = tuple(
        (seats[p], _NAMES[p] if p < 2 else "straddle", chips)
        for p, chips in enumerate(blinds)
        if chips
    )
    # The card room's rule (and PokerKit's): the first to act sits left of the largest blind,
    # of equal blinds the later one (the big blind, not the small; TDA 34 heads-up).
    largest = max(blinds, default=0)
    first = None
    if largest:
        last = max(p for p, chips in enumerate(blinds) if chips == largest)
        first = (seats[last] + 1) % count
    bets = max(1, sum(1 for chips in blinds if chips) - 1) if largest else 0
    return ForcedBets(tuple(antes), named, dead, first, largest, bets)


def phh_forced(stakes: Stakes, game: GameSpec, count: int) -> tuple[list[int], list[int]]:
    """PHH's ``antes`` and ``blinds_or_straddles`` for these stakes: by position."""
    antes = _ante_list(stakes, count)
    if game.forced is Forced.ANTE:
        return antes, [0] * count
    return antes, _blind_list(stakes, count)


def stakes_from_phh(
    antes: list[int], blinds: list[int], small_bet: int, big_bet: int, game: GameSpec
) -> Stakes:
    """The stakes of PHH's forced bets, in splitpot's words where it has them (one ante from
    every player, the big blind or the button; two blinds and a straddle of twice the big
    blind), else as the lists themselves."""
    count = len(antes)
    if game.forced is Forced.ANTE:
        if any(blinds) or len(set(antes)) != 1:
            raise GameSpecError(f"{game.name} plays one ante from every player and no blinds")
        return Stakes(small_blind=antes[0], big_blind=small_bet, ante=antes[0],
                      small_bet=small_bet, big_bet=big_bet)  # fmt: skip
    blinds = blinds + [0] * (count - len(blinds))
    small, big = blinds[0], blinds[1]
    if big <= 0:
        raise GameSpecError(f"blinds_or_straddles {blinds}: splitpot needs a big blind")
    kept: dict[str, object] = {"small_blind": min(small, big), "big_blind": big}
    third = blinds[2] if count > 2 else 0
    if small > big or any(blinds[3:]) or (third and third != 2 * big):
        kept["blinds"] = tuple(blinds)
    elif third:
        kept["straddle"] = third
    button = 0 if count == 2 else count - 1
    nonzero = [p for p, chips in enumerate(antes) if chips]
    if len(set(antes)) == 1:
        kept["ante"] = antes[0]
    elif nonzero == [1]:
        kept.update(ante=antes[1], ante_rule="big-blind")
    elif nonzero == [button]:
        kept.update(ante=antes[button], ante_rule="button")
    else:
        kept["antes"] = tuple(antes)
    return Stakes(small_bet=small_bet, big_bet=big_bet, **kept)  # type: ignore[arg-type]
