# `make test` is what CI runs: the whole cargo test suite (--no-fail-fast: every failing test is
# listed), then every golden sample through the release binary, then rustfmt and clippy; its last
# line sums them up (scripts/test.sh). `make test-loaded` runs it beside one CPU-bound process
# per core: no test may depend on the machine's speed.
CARGO ?= cargo

.PHONY: build check test test-loaded lint bench clean

build:
	$(CARGO) build --release

check: build
	@scripts/check-samples.sh

test:
	@CARGO="$(CARGO)" scripts/test.sh

# The suite beside `yes > /dev/null` on every core (ended by their ids when it ends, however it
# ends); it must pass as `make test` does, only slower.
test-loaded:
	@n=$$(nproc 2>/dev/null || echo 2); pids=""; \
	for i in $$(seq "$$n"); do yes > /dev/null & pids="$$pids $$!"; done; \
	trap 'kill $$pids 2>/dev/null' EXIT INT TERM; \
	echo "test-loaded: the suite beside $$n CPU-bound processes"; \
	start=$$(date +%s); \
	CARGO="$(CARGO)" scripts/test.sh; rc=$$?; \
	echo "test-loaded: $$(( $$(date +%s) - start )) s beside $$n busy processes, exit $$rc"; \
	exit $$rc

# Formatting and clippy, skipped with a note where the toolchain lacks the components.
lint:
	@if $(CARGO) fmt --version >/dev/null 2>&1; then $(CARGO) fmt --check && echo "lint: rustfmt clean"; \
	else echo "lint: rustfmt not installed, skipped"; fi
	@if $(CARGO) clippy --version >/dev/null 2>&1; then $(CARGO) clippy --all-targets --quiet -- -D warnings && echo "lint: clippy clean"; \
	else echo "lint: clippy not installed, skipped"; fi

bench: build
	python3 scripts/bench.py
	python3 scripts/bench_graph.py
	python3 scripts/bench_hackenbush.py
	python3 scripts/bench_sg.py
	python3 scripts/bench_count.py
	python3 scripts/bench_explore.py
	python3 scripts/bench_score.py

clean:
	$(CARGO) clean
