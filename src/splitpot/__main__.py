"""``python -m splitpot``: the same as the ``splitpot`` command."""

from splitpot.cli import main_entry

main_entry()
