# Two commands do all the set-up on a fresh machine with Python 3.11, a Rust toolchain (cargo),
# git and make:
#   make run    - the main job: the web table (splitpot serve on http://localhost:8000/)
#   make test   - the whole test suite, ruff and mypy included (what .ci/run calls)
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
CORE := $(wildcard rust/Cargo.toml rust/Cargo.lock rust/src/*.rs rust/src/*/*.rs)

.PHONY: run showdown test doctest quick lint rust core bench clean

# the install builds the Rust core (maturin, release profile) into src/splitpot/_core.abi3.so
$(STAMP): pyproject.toml $(CORE)
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

# The modules whose docstrings hold examples (tests/test_docs.py keeps the list complete).
DOCTESTS := $(addprefix src/splitpot/,__init__.py cards.py engine/hand.py engine/showdown.py \
	bots/registry.py bots/match.py bots/memo.py bots/ring.py history/store.py atlas/__init__.py atlas/classes.py)

doctest: $(STAMP)
	$(BIN)/pytest -q -p no:cacheprovider --doctest-modules $(DOCTESTS)

# the Rust core's own checks (cargo test runs the pure-Rust core, without the Python bindings)
rust:
	cd rust && cargo fmt --check
	cd rust && cargo clippy --all-targets --features python -- -D warnings
	cd rust && cargo test --release

# after editing rust/: rebuild the core in place (what the install does, without pip)
core: $(STAMP)
	VIRTUAL_ENV=$(abspath $(VENV)) $(BIN)/maturin develop --release --skip-install

test: lint doctest rust
	$(BIN)/pytest -n 2 -q

quick: $(STAMP)
	$(BIN)/pytest -n 2 -q -m "not slow and not browser"

bench: $(STAMP)
	$(BIN)/python benchmarks/bench_evaluators.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
