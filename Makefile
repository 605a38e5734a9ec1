# `make test` is what CI runs: the whole cargo test suite, then every golden sample through the
# release binary.
CARGO ?= cargo

.PHONY: build check test lint bench clean

build:
	$(CARGO) build --release

check: build
	@scripts/check-samples.sh

test:
	$(CARGO) test
	$(MAKE) check
	$(MAKE) lint

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
