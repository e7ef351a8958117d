"""The oracle's evaluators return splitpot's own ``HandValue`` and ``Qualifier``: a value
container, not evaluation logic, so the oracle and the core's layer compare as equals."""

from splitpot.evaluate.value import Family, HandValue, Qualifier

__all__ = ["Family", "HandValue", "Qualifier"]
