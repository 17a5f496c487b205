# Carthago: every set-up step lives here, so a clean clone needs only `make run` or `make test`.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
PROTOS := $(shell find proto -name '*.proto' | sort)
DEPS   := $(VENV)/.deps-installed
STUBS  := clients/python/carthago/.stubs-generated
ADDR   ?= 127.0.0.1:50051
HTTP_ADDR ?= 127.0.0.1:8080
STORE  ?= sqlite:var/carthago.db

.PHONY: setup run test conformance random-games bench bgio strength strength-levels strength-guard stubs js web browser test-browser screenshots buf proto-check clean research-example versus-ismcts

setup: $(DEPS) $(STUBS) js web buf

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Pinned dependencies first (the server's, then the research adapters' of adapters/, kept apart as
# the extra "research"), then the two packages of this repository (editable, no network).
# A new top-level package (its __init__.py newer than the stamp) re-runs the editable install.
$(DEPS): $(BIN)/python requirements.lock requirements-research.lock pyproject.toml clients/python/pyproject.toml $(wildcard */__init__.py)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.lock -r requirements-research.lock
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

# The web client (clients/web: TypeScript, types generated from proto/, built by Vite; pinned by its
# package-lock.json) into clients/web/dist, which `carthago serve` serves at / on --http-addr.
# Built files are build output, never committed. Skipped, saying so, where Node.js 20 is absent.
WEB_SRC := $(shell find clients/web/src clients/web/scripts -type f -not -path '*/src/gen/*' 2>/dev/null) \
	clients/web/index.html clients/web/vite.config.ts clients/web/package-lock.json \
	$(wildcard engine/games/*/data/*.json) engine/games/hannibal/map.svg $(PROTOS)
WEB_OUT := clients/web/dist/index.html

web: $(DEPS)
	@if command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 \
		&& node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>20||(a==20&&b>=19)?0:1)'; then \
		$(MAKE) --no-print-directory $(WEB_OUT); \
	else echo "*** Node.js >= 20.19 not found: the web client is NOT built (the server's page says so); install Node.js and re-run make setup"; fi

$(WEB_OUT): $(WEB_SRC) $(DEPS)
	cd clients/web && { [ node_modules/.package-lock.json -nt package-lock.json ] || npm ci --no-audit --no-fund --silent; } \
		&& npm run --silent build

# Debian's chromium for the browser test (tests/test_web_browser.py), installed when missing where
# apt-get can (root); otherwise the test skips and says why.
browser:
	@if [ -x /usr/bin/chromium ]; then :; \
	elif command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
		echo "installing Debian's chromium for the browser test"; \
		{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; } \
		|| echo "*** apt-get could not install chromium: the browser test will be skipped"; \
	else echo "*** no /usr/bin/chromium and no apt-get as root to install it: the browser test will be skipped"; fi

# buf, for the schema's lint and breaking-change check (tests/test_contract.py): the npm package
# @bufbuild/buf ships the binary, pinned by tools/buf/package-lock.json; skipped where npm is absent.
# `npm install --no-save`, not `npm ci`: the lock lists only this platform's optional binary
# package (the registry here serves no other), which `npm ci` refuses as out of sync.
buf:
	@if command -v npm >/dev/null 2>&1; then \
		[ -x tools/buf/node_modules/.bin/buf ] || (cd tools/buf && npm install --silent --no-audit --no-fund --no-save); \
	else echo "npm not found: buf is not installed and the schema's lint and breaking check are skipped"; fi

proto-check: buf
	tools/buf/node_modules/.bin/buf lint proto
	tools/buf/node_modules/.bin/buf breaking proto --against proto/released.binpb

run: setup
	@mkdir -p var
	$(BIN)/carthago serve --addr $(ADDR) --store $(STORE) --http-addr $(HTTP_ADDR)

# PostgreSQL tests run when a server answers at 127.0.0.1:5432 (database `test`, or
# CARTHAGO_TEST_POSTGRES=postgresql://…), and are skipped loudly when none does;
# CARTHAGO_REQUIRE_POSTGRES=1 (as .ci/run sets) makes them fail instead.
# pytest-xdist shares the tests out over the machine's cores (`make test TEST_WORKERS=0` runs them in
# this one process); worksteal lets an idle worker take tests queued for a busy one.
TEST_WORKERS ?= auto
test: setup browser
	$(BIN)/python -m pytest -q -n $(TEST_WORKERS) --dist worksteal

# The browser test alone (make test runs it too): whole Roma and Rome et Carthage games by clicks.
test-browser: setup browser
	$(BIN)/python -m pytest -q -s tests/test_web_browser.py

# The long multi-process campaign: kill -9 and restart server processes under load
# (CARTHAGO_SOAK_GAMES, CARTHAGO_SOAK_KILLS); needs PostgreSQL.
.PHONY: soak
soak: setup
	CARTHAGO_REQUIRE_POSTGRES=1 $(BIN)/python -m pytest -q -s -m soak tests/test_soak.py

conformance: setup
	$(BIN)/carthago conformance --all

# Seeded random games (Hannibal 1000; The Republic of Carthage 500 per player count): every one must end by a
# rule (how they ended, wins by seat).
random-games: setup
	for g in hannibal; do $(BIN)/python tools/random_games.py $$g --games 1000 || exit 1; done
	for p in 3 4 5 6; do $(BIN)/python tools/random_games.py republic-of-carthage --games 500 --players $$p || exit 1; done

# The search bot's strength and the games' balance between search bots (issue 15): 200 games a line
# where it fits, hours on 2 cores (the Republic line alone is a day). Results: search/README.md,
# "Strength and balance".
strength: setup
	$(BIN)/python tools/strength.py roma --bot mcts:30 --vs random --games 200
	$(BIN)/python tools/strength.py roma --bot mcts:100 --vs mcts:30 --games 200
	$(BIN)/python tools/strength.py roma --balance --bot mcts:30 --games 200
	$(BIN)/python tools/strength.py rome-et-carthage --bot mcts:10 --vs random --games 200
	$(BIN)/python tools/strength.py rome-et-carthage --bot mcts:10 --vs random --players 3 --games 200
	$(BIN)/python tools/strength.py rome-et-carthage --bot mcts:30 --vs mcts:10 --games 200 --option no_progress_rounds=10
	$(BIN)/python tools/strength.py rome-et-carthage --balance --bot mcts:10 --games 100 --option no_progress_rounds=10
	$(BIN)/python tools/strength.py rome-et-carthage --balance --bot mcts:10 --players 3 --games 100 --option no_progress_rounds=10
	$(BIN)/python tools/strength.py rome-et-carthage --balance --bot mcts:10 --players 4 --games 100 --option no_progress_rounds=10
	$(BIN)/python tools/strength.py hannibal --bot mcts:10 --vs random --games 200
	$(BIN)/python tools/strength.py hannibal --bot mcts:30 --vs mcts:10 --games 200
	$(BIN)/python tools/strength.py hannibal --balance --bot mcts:30 --games 100
	$(BIN)/python tools/strength.py republic-of-carthage --bot mcts:5 --vs random --games 200
	$(BIN)/python tools/strength.py republic-of-carthage --bot mcts:10 --vs mcts:3 --games 200
	$(BIN)/python tools/strength.py republic-of-carthage --balance --bot mcts:5 --games 100
	$(BIN)/python tools/strength.py republic-of-carthage --balance --bot mcts:5 --players 4 --games 50
	$(BIN)/python tools/strength.py republic-of-carthage --balance --bot mcts:5 --players 5 --games 50
	$(BIN)/python tools/strength.py republic-of-carthage --balance --bot mcts:5 --players 6 --games 50
	$(MAKE) --no-print-directory strength-levels

# The Republic of Carthage's guard prior (issue 29): Carthage's fall rate at four players between search
# bots with and without it (and with purse, steady, fleet), on the same seeds, seat by seat, and the guard at one
# seat against three bots without it
# (search/README.md, "The Republic's guard"). Hours on 2 cores.
strength-guard: setup
	$(BIN)/python tools/strength.py republic-of-carthage --balance --bot mcts:5 --players 4 --games 100 --seeds guard4
	$(BIN)/python tools/strength.py republic-of-carthage --balance --bot mcts:5:prior=guard+brief --players 4 --games 100 --seeds guard4
	$(BIN)/python tools/strength.py republic-of-carthage --balance --bot mcts:5:prior=guard+purse+brief --players 4 --games 100 --seeds guard4
	$(BIN)/python tools/strength.py republic-of-carthage --balance --bot mcts:5:prior=guard+purse+steady+brief --players 4 --games 100 --seeds guard4
	$(BIN)/python tools/strength.py republic-of-carthage --balance --bot mcts:5:prior=guard+purse+steady+fleet+brief --players 4 --games 100 --seeds guard4
	$(BIN)/python tools/strength.py republic-of-carthage --bot mcts:5:prior=guard+brief --vs mcts:5 --players 4 --games 100
	$(BIN)/python tools/roc_diary.py --bots mcts:5:prior=guard+brief --players 4 --games 10 --quiet

# The house bot's levels (issue 29): one Elo ladder per game, the strongest level against the
# search before the levels given the same time a move, and The Republic of Carthage between four
# strongest bots. Days on 2 cores at the levels' own budgets (level 6 thinks 2 s a move on every
# core): search/README.md, "Levels", has what was run and its results.
strength-levels: setup
	for g in roma hannibal; do \
		$(BIN)/python tools/strength.py $$g --ladder --games 40 --also mcts:30 || exit 1; \
		$(BIN)/python tools/strength.py $$g --bot level:6 --vs mcts:2s --games 200 --workers 1 || exit 1; \
	done
	$(BIN)/python tools/strength.py rome-et-carthage --ladder --games 40 --also mcts:30 --option no_progress_rounds=10
	$(BIN)/python tools/strength.py rome-et-carthage --bot level:6 --vs mcts:2s --games 200 --workers 1 --option no_progress_rounds=10
	$(BIN)/python tools/strength.py republic-of-carthage --ladder --games 20 --levels 1-4
	$(BIN)/python tools/strength.py republic-of-carthage --balance --bot level:6 --players 4 --games 100 --workers 1

# boardgame.io beside Carthago in figure 9 (bench/bgio, pinned by its lock file); skipped without npm.
bench: setup bgio
	$(BIN)/python -m bench

bgio:
	@if command -v npm >/dev/null 2>&1; then \
		[ bench/bgio/node_modules/.package-lock.json -nt bench/bgio/package-lock.json ] \
			|| (cd bench/bgio && npm ci --silent --no-audit --no-fund); \
	else echo "npm not found: figure 9 runs without boardgame.io beside it"; fi

# The research adapters (adapters/, docs/RESEARCH.md), outside `make test`: an agent trained by
# REINFORCE through the PettingZoo environment and evaluated against the random bot (about a minute);
# OpenSpiel's ISMCTS against the house bot's level 3 at equal time a move (search/README.md; minutes a
# Rome et Carthage or Hannibal game).
research-example: setup
	nice -n 10 $(BIN)/python -m adapters.example --game roma --episodes 300 --eval 100

versus-ismcts: setup
	nice -n 10 $(BIN)/python -m adapters.versus roma --games 6 --level 3
	nice -n 10 $(BIN)/python -m adapters.versus rome-et-carthage --games 2 --level 3 --option no_progress_rounds=10
	nice -n 10 $(BIN)/python -m adapters.versus hannibal --games 1 --level 3

# Screenshots of each game's board for the README, taken by the browser test (commit them when they change).
screenshots: setup browser
	CARTHAGO_SCREENSHOTS=1 $(BIN)/python -m pytest -q tests/test_web_browser.py

clean:
	rm -rf $(VENV) clients/python/carthago/v1 clients/python/carthago/games $(STUBS) clients/js/node_modules \
		clients/web/node_modules clients/web/dist clients/web/src/gen \
		tools/buf/node_modules
