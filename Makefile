# The two set-up commands of the README: `make demo` runs the service, `make test` the suite.
# `make lint` is what CI checks first: ruff (rules, format), import-linter's layers, mypy strict,
# and the docs site built strictly (a broken link or a page missing from the nav fails).
PYTHON ?= python3
PORT ?= 8000
DOCS_PORT ?= 8001
VENV := .venv
STAMP := $(VENV)/.installed

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --upgrade pip
	$(VENV)/bin/pip install --quiet -e '.[test]'
	$(VENV)/bin/pip install --quiet -e clients/python
	touch $(STAMP)

.PHONY: install demo serve test lint bench client docs conformance
install: $(STAMP)

# Its helpers listen on the next ports: the fake platform PORT+1, the webhook receiver PORT+2,
# the SMTP server PORT+3. RESET=1 deletes the demo's database, keys and fake platform first.
demo: $(STAMP)
	$(VENV)/bin/countersign demo --port $(PORT) $(if $(RESET),--reset)

serve: $(STAMP)
	$(VENV)/bin/countersign serve

# Byte-compiled first: CPython 3.11.7 can fail with "AST constructor recursion depth mismatch"
# when two threads compile source at once (python/cpython#106905, fixed in 3.11.8), and the
# suite imports some modules lazily while other threads run (a fresh checkout has no .pyc).
# Then in parallel, one pytest-xdist worker per core, each test handed to whichever worker is
# free (worksteal): every worker has its own PostgreSQL database, SQLite files and Redis
# prefixes, and installs tests/ast_guard.py itself (CONTRIBUTING.md, "Tests").
test: $(STAMP)
	$(VENV)/bin/python -m compileall -q service storage harness bench
	$(VENV)/bin/pytest -n auto --dist worksteal

lint: $(STAMP)
	$(VENV)/bin/ruff check service storage harness tests bench clients examples
	$(VENV)/bin/ruff format --check service storage harness tests bench clients examples
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict --quiet --site-dir $(VENV)/docs-site

# The docs site (docs/, mkdocs.yml) on its own port, so it runs beside `make demo`.
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs serve --dev-addr 127.0.0.1:$(DOCS_PORT)

# schemathesis run --checks all against a demo it starts itself (scratch database, free port,
# a rate limit a fuzzer will not hit): harness/conformance_run.py. 0 failures, or it fails.
# PORT=N puts its demo on N (its helpers on N+1 to N+3); without PORT, a free port.
conformance: $(STAMP)
	$(VENV)/bin/python -m harness.conformance_run $(if $(filter command line environment,$(origin PORT)),--port $(PORT))

bench: $(STAMP)
	$(VENV)/bin/python -m bench.hot_path

# clients/python's generated part, from openapi.yaml (tests/clients/ fails when it is stale).
client: $(STAMP)
	$(VENV)/bin/openapi-python-client generate --path openapi.yaml --meta none --overwrite \
		--config clients/python/openapi-python-client.yaml \
		--output-path clients/python/countersign_client/generated
