# The two commands of the README: `make demo` runs the main job, `make test` runs the checks.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test check format schema golden bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,rl,openspiel,images,sheets,web,dask,tune]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/toolkit build

test: $(STAMP)
	$(BIN)/ruff check toolkit tests benchmarks
	$(BIN)/ruff format --check toolkit tests benchmarks
	$(BIN)/lint-imports
	$(BIN)/toolkit schema --check
	@# Bytecode once, so the hundreds of `python -m toolkit` processes the tests start do not
	@# each compile the package again (PYTHONDONTWRITEBYTECODE stops them caching it).
	$(BIN)/python -m compileall -q toolkit
	@# mypy (one core, about 20 s from a cold cache) runs beside pytest, whose two workers leave
	@# a core idle at times; its output is printed after the tests', and either failing fails.
	@echo "$(BIN)/mypy & $(BIN)/pytest"
	@log=$$(mktemp); $(BIN)/mypy > $$log 2>&1 & typing=$$!; \
	$(BIN)/pytest; tests=$$?; \
	wait $$typing; typed=$$?; cat $$log; rm -f $$log; \
	test $$tests -eq 0 && test $$typed -eq 0

check: test

format: $(STAMP)
	$(BIN)/ruff format toolkit tests benchmarks
	$(BIN)/ruff check --fix toolkit tests benchmarks

schema: $(STAMP)
	$(BIN)/toolkit schema

golden: $(STAMP)
	$(BIN)/python tests/golden/regenerate.py

bench: $(STAMP)
	$(BIN)/python benchmarks/validate_speed.py
	$(BIN)/python benchmarks/simulate_speed.py
	$(BIN)/python benchmarks/bots_speed.py
	$(BIN)/python benchmarks/print_speed.py

clean:
	rm -rf $(VENV) build .mypy_cache .pytest_cache .ruff_cache
