# `make` runs lint and the everyday tests; `make demo` and `make test` are the README's quick start;
# `make test-all` is what CI runs.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PIP    := $(BIN)/python -m pip --disable-pip-version-check -q

.PHONY: all demo test test-all bench lint wheel clean

all: lint test

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# One stamp per install flavour, redone when pyproject.toml changes.
$(VENV)/.stamp-base: pyproject.toml | $(BIN)/python
	$(PIP) install -e .
	touch $@

$(VENV)/.stamp-test: pyproject.toml | $(BIN)/python
	$(PIP) install -e '.[test,cluster,plot]'
	touch $@ $(VENV)/.stamp-base

$(VENV)/.stamp-bench: pyproject.toml | $(BIN)/python
	$(PIP) install -e '.[bench,cluster]'
	touch $@ $(VENV)/.stamp-base

$(VENV)/.stamp-lint: pyproject.toml | $(BIN)/python
	$(PIP) install -e '.[lint]'
	touch $@

demo: $(VENV)/.stamp-base
	$(BIN)/equity AsKs vs 2 --board Th9h2c

# The everyday run: every module, minutes; the slow tests (marked `slow`: wheels built and installed,
# empty-cache processes, the exhaustive hand counts, long fuzzing) only in test-all.
test: $(VENV)/.stamp-test
	$(BIN)/python -m pytest -q -m "not slow"

# Everything, as CI runs it (.ci/run).
test-all: $(VENV)/.stamp-test
	$(BIN)/python -m pytest -q

bench: $(VENV)/.stamp-bench
	$(BIN)/python benchmarks/run.py $(if $(SECTION),--section $(SECTION))

# The wheel, with every kernel compiled ahead of time for each x86-64 level this machine runs, so that a
# fresh install compiles nothing (tools/prebuild.py; a few minutes).
wheel: $(VENV)/.stamp-test
	$(BIN)/python tools/prebuild.py
	rm -rf build  # setuptools' staging folder keeps files the tree no longer has
	$(BIN)/python -m build --wheel --outdir dist

lint: $(VENV)/.stamp-lint
	$(BIN)/ruff check equity tests benchmarks examples tools

clean:
	rm -rf $(VENV) build dist equity/_prebuilt *.egg-info .pytest_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
