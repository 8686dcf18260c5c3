# The two commands of the README: `make demo` runs the main job, `make test` runs the checks.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test check format schema golden bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

EXTRAS := dev,rl,openspiel,images,sheets,web,dask,tune

# uv installs the same releases as pip in a few seconds instead of about forty; where it cannot
# (no wheel for this machine, a registry only pip is configured for), pip does the install.
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet uv
	$(BIN)/python -m uv pip install --quiet --python $(BIN)/python -e '.[$(EXTRAS)]' \
	  || $(BIN)/python -m pip install --quiet -e '.[$(EXTRAS)]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/toolkit build

test: $(STAMP)
	@# Bytecode once, so the hundreds of `python -m toolkit` processes the tests start do not
	@# each compile the package again (PYTHONDONTWRITEBYTECODE stops them caching it).
	$(BIN)/python -m compileall -q toolkit
	@# The static checks (ruff, the layer contract, the schema drift check, then mypy: one core,
	@# about 20 s from a cold cache) run beside pytest, whose two workers leave a core idle at
	@# times; their output is printed after the tests', and any of them failing fails.
	@echo "$(BIN)/ruff check; ruff format --check; lint-imports; toolkit schema --check; mypy & $(BIN)/pytest"
	@log=$$(mktemp); \
	( failed=0; \
	  $(BIN)/ruff check toolkit tests benchmarks || failed=1; \
	  $(BIN)/ruff format --check toolkit tests benchmarks || failed=1; \
	  $(BIN)/lint-imports || failed=1; \
	  $(BIN)/toolkit schema --check || failed=1; \
	  $(BIN)/mypy || failed=1; \
	  exit $$failed ) > $$log 2>&1 & checks=$$!; \
	$(BIN)/pytest; tests=$$?; \
	wait $$checks; checked=$$?; cat $$log; rm -f $$log; \
	test $$tests -eq 0 && test $$checked -eq 0

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
