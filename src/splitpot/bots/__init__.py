"""Players that choose actions: the ``Bot`` protocol, a random bot, the heuristic bot, and
duplicate matches between bots."""

from splitpot.bots.base import Bot, RandomBot, SeatView, policy_for, seat_view
from splitpot.bots.randomly import random_action, random_policy

__all__ = [
    "Bot",
    "RandomBot",
    "SeatView",
    "policy_for",
    "random_action",
    "random_policy",
    "seat_view",
]
