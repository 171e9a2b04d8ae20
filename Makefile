# Schreiber — `make run` to try it, `make test` to check it. See README.md.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
HOST   ?= 127.0.0.1:8000
MANAGE := $(BIN)/python manage.py
# The suite runs on every core (at most four): pytest-xdist gives each worker its own test database. A worker that
# runs out of tests takes pending ones from another (worksteal): the browser tests come last and would else queue
# behind one worker while the other idles.
PYTEST_WORKERS ?= -n auto --maxprocesses=4 --dist worksteal

.PHONY: run test test-sqlite test-postgres lint format messages install install-test demo clean

run: install ## Create the virtualenv, migrate, load the demo club and serve on $(HOST) with the background worker
	@$(MANAGE) migrate --noinput -v 0
	@$(MANAGE) load_demo
	@$(MANAGE) load_demo_league
	@$(MANAGE) load_demo_tournament
	@echo "Schreiber runs at http://$(HOST)/ — stop it with Ctrl-C."
	@# The background worker (a league's ratings worked out again) runs beside the server and stops with it.
	@$(MANAGE) db_worker --no-startup-delay -v 0 & worker=$$!; trap 'kill $$worker 2>/dev/null' EXIT INT TERM; \
	 DEBUG=true $(MANAGE) runserver $(HOST)

test: install-test ## Run the whole suite on SQLite, and again on PostgreSQL when DATABASE_URL is set
	@$(MAKE) --no-print-directory test-sqlite
	@if [ -n "$$DATABASE_URL" ]; then $(MAKE) --no-print-directory test-postgres; \
	 else echo "DATABASE_URL is not set: PostgreSQL run skipped."; fi

test-sqlite:
	@echo "== test suite on SQLite =="
	env -u DATABASE_URL $(BIN)/python -m pytest $(PYTEST_WORKERS) $(PYTEST_ARGS)

test-postgres:
	@echo "== test suite on PostgreSQL ($$DATABASE_URL) =="
	$(BIN)/python -m pytest $(PYTEST_WORKERS) $(PYTEST_ARGS)

lint: install-lint ## ruff (lint and format check) and mypy over the whole tree
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy .

format: install-lint
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

messages: install ## Update and compile the German translations (needs GNU gettext)
	$(MANAGE) makemessages -l de --no-obsolete --ignore '.venv/*' --ignore 'var/*'
	$(MANAGE) compilemessages --ignore '.venv/*'

demo: install
	$(MANAGE) migrate --noinput -v 0
	$(MANAGE) load_demo
	$(MANAGE) load_demo_league
	$(MANAGE) load_demo_tournament

# The virtualenv and what is installed in it; each step reruns only when pyproject.toml changes.
# Only the pinned dependencies are installed: the app itself runs from this checkout.
PIN = $(BIN)/python -c 'import sys, tomllib; p = tomllib.load(open("pyproject.toml", "rb"))["project"]; \
      print("\n".join(p["dependencies"] + [d for extra in sys.argv[1:] for d in p["optional-dependencies"][extra]]))'

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Schreiber needs Python 3.11 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	@echo "Installing the pinned dependencies …"
	@$(PIN) | $(BIN)/python -m pip install -q -r /dev/stdin
	@touch $@

$(VENV)/.installed-test: pyproject.toml $(VENV)/.installed
	@echo "Installing the test dependencies …"
	@$(PIN) test | $(BIN)/python -m pip install -q -r /dev/stdin
	@touch $@

$(VENV)/.installed-lint: pyproject.toml $(VENV)/.installed-test
	@echo "Installing the lint tools …"
	@$(PIN) test lint | $(BIN)/python -m pip install -q -r /dev/stdin
	@touch $@

install: $(VENV)/.installed
install-test: $(VENV)/.installed-test
install-lint: $(VENV)/.installed-lint

clean:
	rm -rf $(VENV) var .pytest_cache .mypy_cache .ruff_cache .hypothesis *.egg-info
