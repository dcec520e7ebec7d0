# The two set-up commands of the README: `make demo` runs the service, `make test` the suite.
# `make lint` is what CI checks first: ruff (rules, format), import-linter's layers, mypy strict.
PYTHON ?= python3
PORT ?= 8000
VENV := .venv
STAMP := $(VENV)/.installed

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --upgrade pip
	$(VENV)/bin/pip install --quiet -e '.[test]'
	touch $(STAMP)

.PHONY: install demo serve test lint bench
install: $(STAMP)

demo: $(STAMP)
	$(VENV)/bin/countersign demo --port $(PORT)

serve: $(STAMP)
	$(VENV)/bin/countersign serve

test: $(STAMP)
	$(VENV)/bin/pytest

lint: $(STAMP)
	$(VENV)/bin/ruff check service storage harness tests bench
	$(VENV)/bin/ruff format --check service storage harness tests bench
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy

bench: $(STAMP)
	$(VENV)/bin/python -m bench.hot_path
