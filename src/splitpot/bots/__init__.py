"""Players that choose actions: for now the uniformly random seat used by ``simulate``."""

from splitpot.bots.randomly import random_action, random_policy

__all__ = ["random_action", "random_policy"]
