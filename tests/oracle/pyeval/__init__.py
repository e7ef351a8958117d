"""The pure-Python hand evaluators splitpot used before its compiled core (test-only oracle):
values, the cards used and the words, family by family."""

from oracle.pyeval.badugi import evaluate_badugi, evaluate_badugi_aces_high
from oracle.pyeval.doogie import evaluate_doogie, evaluate_doogie_high
from oracle.pyeval.high import evaluate_draw_high, evaluate_high
from oracle.pyeval.lowball import evaluate_a5, evaluate_deuce_seven
from oracle.pyeval.omaha import evaluate_omaha

__all__ = [
    "evaluate_a5",
    "evaluate_badugi",
    "evaluate_badugi_aces_high",
    "evaluate_deuce_seven",
    "evaluate_doogie",
    "evaluate_doogie_high",
    "evaluate_draw_high",
    "evaluate_high",
    "evaluate_omaha",
]
