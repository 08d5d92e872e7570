# Two commands: `make run` builds every game's print files from the shipped
# content (validation first), `make test` runs the checks. Both create .venv on
# first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench clean native

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test,dev,native,dask]'
	touch $(STAMP)

# The rules engines compiled with mypyc (rebuilt only when their sources changed;
# without a C compiler the Python sources run, with a warning).
native: $(STAMP)
	$(BIN)/samizdat native build || true

run: $(STAMP)
	$(BIN)/samizdat build cards --out output

lint: $(STAMP)
	$(BIN)/ruff check compiler rules_engine tests benchmarks
	$(BIN)/mypy

# The tests run on every core (pytest-xdist), the slow ones (marked
# @pytest.mark.slow, more than about 5 s each) only with SAMIZDAT_SLOW=1, as
# .ci/run sets it: `SAMIZDAT_SLOW=1 make test` runs everything.
SLOW := $(if $(filter 1,$(SAMIZDAT_SLOW)),,-m "not slow")

test: lint native
	$(BIN)/pytest -n auto --dist loadfile $(SLOW)

bench: native
	$(BIN)/python benchmarks/startup.py
	$(BIN)/python benchmarks/validate.py
	$(BIN)/python benchmarks/build.py
	$(BIN)/python benchmarks/rebuild.py
	$(BIN)/python benchmarks/outputs.py
	$(BIN)/python benchmarks/simulate.py
	$(BIN)/python benchmarks/lint.py

clean:
	$(BIN)/samizdat native clean || true
	rm -rf $(VENV) output/*/
