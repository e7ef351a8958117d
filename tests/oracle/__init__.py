"""Test-only pure-Python oracles of what splitpot's compiled core computes (never on a user's
path): the hand evaluators (:mod:`oracle.evaluate`) and the award decision."""
