"""The evaluator kernels the walks call (one import site, so the walks name one source)."""

from splitpot.equity.kernels import (
    KIND_CODES,
    NO_HAND,
    award_value,
    badugi_value_k,
    kind_code,
    tables,
)

__all__ = ["KIND_CODES", "NO_HAND", "award_value", "badugi_value_k", "kind_code", "tables"]
