# `make test` is what CI runs: the whole cargo test suite, then every golden sample through the
# release binary.
CARGO ?= cargo

.PHONY: build check test clippy clean

build:
	$(CARGO) build --release

check: build
	@scripts/check-samples.sh

test:
	$(CARGO) test
	$(MAKE) check

clean:
	$(CARGO) clean
