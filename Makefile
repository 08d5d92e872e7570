# Two commands: `make run` builds every game's print files from the shipped
# content (validation first), `make test` runs the checks. Both create .venv on
# first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test,dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/samizdat build cards --out output

lint: $(STAMP)
	$(BIN)/ruff check compiler rules_engine tests benchmarks
	$(BIN)/mypy

test: lint
	$(BIN)/pytest

bench: $(STAMP)
	$(BIN)/python benchmarks/validate.py
	$(BIN)/python benchmarks/build.py
	$(BIN)/python benchmarks/simulate.py
	$(BIN)/python benchmarks/lint.py

clean:
	rm -rf $(VENV) output/*/
