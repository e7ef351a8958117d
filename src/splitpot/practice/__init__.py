"""Practice that checks you: *Who wins?* (:mod:`.showdown`) and *Which discard?* (:mod:`.discard`).

Deals and spots are named by ids that rebuild them (a game and a seed, or a worked case and a
pot), so nothing is stored; answers are checked by the engine's settlement and the advisor's
ranking. This part imports the core and :mod:`splitpot.equity`.
"""

from splitpot.practice.discard import DiscardSpot, check_discard, discard_spot, spot_from_id
from splitpot.practice.showdown import (
    AnswerError,
    ShowdownDeal,
    UnknownDealError,
    case_deal,
    check_showdown,
    deal_from_id,
    random_deal,
)

__all__ = [
    "AnswerError",
    "DiscardSpot",
    "ShowdownDeal",
    "UnknownDealError",
    "case_deal",
    "check_discard",
    "check_showdown",
    "deal_from_id",
    "discard_spot",
    "random_deal",
    "spot_from_id",
]
