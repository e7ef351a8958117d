"""Equity per award: exact enumeration where it is small enough, seeded Monte Carlo otherwise.

A spot is a game, each player's known cards (a hand can be partly or wholly unknown), the board
so far, dead cards, and the draws still to come. Every runout deals the unknown hole cards, then
each pending draw (a player's fixed discard for the next draw, or the policy's choice), then the
rest of the board, and settles the pot as fractions, without odd chips: each award that someone
can take gets an equal part of the pot, a tie divides its own award, an award nobody qualifies
for (or, in Doogie, nobody declared) goes to the other one, and a pot no award can take is split
among the players who did not forfeit it (docs/rules.md "Doogie").

Exact enumeration walks every way the unknown cards can fall when the cards needed do not depend
on cards still to come (no draw whose size depends on an unseen card) and the number of runouts
is at most ``exact_limit``; otherwise it samples, with a standard error. Both run in the
compiled core (:mod:`splitpot.equity.engine` over ``splitpot._core``, built at install: nothing
compiles at run time); the same computation in plain Python is tests/oracle/reference.py, the
tests' yardstick.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from splitpot.equity.results import AwardOdds, EquityResult, PlayerOdds
from splitpot.equity.spot import Seat, check_samples, pending_draws, prepare
from splitpot.games import GameSpec

__all__ = ["AwardOdds", "EquityResult", "PlayerOdds", "Seat", "equity", "pending_draws"]


def equity(
    game: GameSpec | str,
    players: Mapping[str, str | Sequence[int]],
    board: str | Sequence[int] = (),
    *,
    dead: str | Sequence[int] = (),
    discards: Mapping[str, str | Sequence[int]] | None = None,
    draws: int | None = None,
    policy: str = "heuristic",
    declarations: Mapping[str, str] | None = None,
    exact: bool | None = None,
    samples: int = 10_000,
    seed: int = 0,
    exact_limit: int = 200_000,
    max_discard: int | None = None,
) -> EquityResult:
    """Each player's odds per award, pot equity and scoop chance.

    ``players`` maps names to known cards ("random" or fewer cards than the game deals leaves
    the rest unknown). ``discards`` fixes a player's throw at the next draw; the others follow
    ``policy`` ("heuristic" or "pat"). ``draws`` is how many draws are still to come (default:
    every draw after the current board). ``exact``: True insists on enumeration, False samples,
    None (default) enumerates when at most ``exact_limit`` runouts. ``samples`` must be at
    least 1; a board must have a length the game shows (0, 3, 4 or 5 in Drawmaha).
    """
    check_samples(samples)
    spot = prepare(game, players, board, dead, discards, draws, policy, declarations, max_discard)
    from splitpot.equity import engine  # loaded when a computation runs (a fast start)

    return engine.run(spot, exact=exact, samples=samples, seed=seed, exact_limit=exact_limit)
