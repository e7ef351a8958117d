# Two commands do all the set-up on a fresh machine with Python 3.11, git and make:
#   make run    - the main job: the web table (splitpot serve on http://localhost:8000/)
#   make test   - the whole test suite, ruff and mypy included (what .ci/run calls)
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run showdown test doctest quick lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/splitpot serve --host 127.0.0.1 --port 8000

showdown: $(STAMP)
	$(BIN)/splitpot showdown drawmaha --board "Ac Kh 7c 6d 2h" \
		--player A="As Ah Kd Qc 8s" --player B="9s 9h 9d 4s 3d" --pot 120

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/mypy

# The modules whose docstrings hold examples (tests/test_docs.py keeps the list complete; the
# equity kernels' example is left out: it would compile them).
DOCTESTS := $(addprefix src/splitpot/,__init__.py cards.py engine/hand.py engine/showdown.py \
	bots/registry.py bots/match.py history/store.py atlas/__init__.py atlas/classes.py)

doctest: $(STAMP)
	$(BIN)/pytest -q -p no:cacheprovider --doctest-modules $(DOCTESTS)

test: lint doctest
	$(BIN)/pytest -n 2 -q

quick: $(STAMP)
	$(BIN)/pytest -n 2 -q -m "not slow and not browser"

bench: $(STAMP)
	$(BIN)/python benchmarks/bench_evaluators.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
