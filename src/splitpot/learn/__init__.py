"""Learning the games: rules pages and the variants table, derived from the game specs.

- :func:`rules_page`: a game's page as data (the JSON of ``GET /api/learn/{game}``);
- :func:`variants_table`: every game of the registry, a row each;
- :func:`render_rules`, :func:`render_variants`: the same as terminal text.

Part of the core: it imports only cards, evaluate, games and engine.
"""

from splitpot.learn.page import rules_page
from splitpot.learn.table import variants_table
from splitpot.learn.text import render_rules, render_variants

__all__ = ["render_rules", "render_variants", "rules_page", "variants_table"]
