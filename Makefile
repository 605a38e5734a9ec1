# `make test` is what CI runs: the whole cargo test suite, then every golden sample through the
# release binary.
CARGO ?= cargo

.PHONY: build check test bench clean

build:
	$(CARGO) build --release

check: build
	@scripts/check-samples.sh

test:
	$(CARGO) test
	$(MAKE) check

bench: build
	python3 scripts/bench.py

clean:
	$(CARGO) clean
