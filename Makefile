# Carthago: every set-up step lives here, so a clean clone needs only `make run` or `make test`.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
PROTOS := $(shell find proto -name '*.proto' | sort)
DEPS   := $(VENV)/.deps-installed
STUBS  := clients/python/carthago/.stubs-generated
ADDR   ?= 127.0.0.1:50051
STORE  ?= sqlite:var/carthago.db

.PHONY: setup run test conformance random-games bench stubs js buf proto-check clean

setup: $(DEPS) $(STUBS) js buf

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Pinned dependencies first, then the two packages of this repository (editable, no network).
# A new top-level package (its __init__.py newer than the stamp) re-runs the editable install.
$(DEPS): $(BIN)/python requirements.lock pyproject.toml clients/python/pyproject.toml $(wildcard */__init__.py)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.lock
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation \
		-e clients/python -e .
	touch $@

# Generated stubs are build output, never committed.
$(STUBS): $(DEPS) $(PROTOS)
	rm -rf clients/python/carthago/v1 clients/python/carthago/games
	$(BIN)/python -m grpc_tools.protoc -I proto \
		--python_out=clients/python --pyi_out=clients/python --grpc_python_out=clients/python $(PROTOS)
	find clients/python/carthago/v1 clients/python/carthago/games -type d -exec touch {}/__init__.py \;
	touch $@

stubs: $(STUBS)

# The JavaScript bot's packages (pinned by its package-lock.json); skipped where Node is absent.
js:
	@if command -v npm >/dev/null 2>&1 && [ -f clients/js/package-lock.json ]; then \
		[ -d clients/js/node_modules ] || (cd clients/js && npm ci --silent --no-audit --no-fund); \
	else echo "node/npm not found: the JavaScript bot and its test are skipped"; fi

# buf, for the schema's lint and breaking-change check (tests/test_contract.py): the npm package
# @bufbuild/buf ships the binary, pinned by tools/buf/package-lock.json; skipped where npm is absent.
buf:
	@if command -v npm >/dev/null 2>&1; then \
		[ -x tools/buf/node_modules/.bin/buf ] || (cd tools/buf && npm ci --silent --no-audit --no-fund); \
	else echo "npm not found: buf is not installed and the schema's lint and breaking check are skipped"; fi

proto-check: buf
	tools/buf/node_modules/.bin/buf lint proto
	tools/buf/node_modules/.bin/buf breaking proto --against proto/released.binpb

run: setup
	@mkdir -p var
	$(BIN)/carthago serve --addr $(ADDR) --store $(STORE)

# PostgreSQL tests run when a server answers at 127.0.0.1:5432 (database `test`, or
# CARTHAGO_TEST_POSTGRES=postgresql://…), and are skipped loudly when none does;
# CARTHAGO_REQUIRE_POSTGRES=1 (as .ci/run sets) makes them fail instead.
test: setup
	$(BIN)/python -m pytest -q

# The long multi-process campaign: kill -9 and restart server processes under load
# (CARTHAGO_SOAK_GAMES, CARTHAGO_SOAK_KILLS); needs PostgreSQL.
.PHONY: soak
soak: setup
	CARTHAGO_REQUIRE_POSTGRES=1 $(BIN)/python -m pytest -q -s -m soak tests/test_soak.py

conformance: setup
	$(BIN)/carthago conformance --all

# A thousand seeded random games per game: every one must end by a rule (how they ended, wins by seat).
random-games: setup
	for g in hannibal; do $(BIN)/python tools/random_games.py $$g --games 1000 || exit 1; done

bench: setup
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) clients/python/carthago/v1 clients/python/carthago/games $(STUBS) clients/js/node_modules \
		tools/buf/node_modules
