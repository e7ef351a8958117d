"""Hand evaluators, one module per family; each returns a :class:`HandValue` (bigger wins)."""

from splitpot.evaluate.badugi import evaluate_badugi, evaluate_badugi_aces_high
from splitpot.evaluate.doogie import evaluate_doogie, evaluate_doogie_high
from splitpot.evaluate.high import evaluate_draw_high, evaluate_high
from splitpot.evaluate.lowball import evaluate_a5, evaluate_deuce_seven
from splitpot.evaluate.omaha import evaluate_omaha
from splitpot.evaluate.value import HandValue, Qualifier

__all__ = [
    "HandValue",
    "Qualifier",
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
