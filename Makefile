# Newcomer entry points: `make demo` and `make test`. Both set up and build first.
BUILD_DIR ?= build
JOBS ?= $(shell nproc)
MAKEFLAGS += --no-print-directory

.PHONY: setup build demo test format format-check bench clean

setup:
	@bash scripts/setup.sh

build: setup
	@cmake -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
	@cmake --build $(BUILD_DIR) -j $(JOBS)

# Only what the demo needs: the panta binary and its jars, not the test suite.
demo:
	@bash scripts/make-demo.sh $(BUILD_DIR) $(JOBS)

test: build format-check
	@if bwrap --ro-bind / / --dev /dev --unshare-all --cap-drop ALL -- true 2>/dev/null; then \
	  d=$$(mktemp -d) && mkdir $$d/l $$d/u $$d/w; \
	  if unshare --user --map-current-user --keep-caps --mount sh -c "mount -t overlay overlay -o lowerdir=$$d/l,upperdir=$$d/u,workdir=$$d/w,userxattr $$d/l" 2>/dev/null; \
	  then view="the project as an overlay"; else view="the project read-only: no overlay in a user namespace here"; fi; \
	  rm -rf $$d; echo "test: sandbox tests run in strict mode ($$view) and fallback mode"; \
	else \
	  echo "test: sandbox tests run in fallback mode only (bwrap cannot start a sandbox here)"; \
	fi
	@cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS)

format:
	@clang-format -i $$(git ls-files 'src/*.cc' 'src/*.h' 'tests/*.cc' 'tests/*.h' 'bench/*.cc' 'bench/*.h')

format-check:
	@clang-format --dry-run --Werror $$(git ls-files 'src/*.cc' 'src/*.h' 'tests/*.cc' 'tests/*.h' 'bench/*.cc' 'bench/*.h')

bench: build
	@bash bench/analyze_bench.sh $(BUILD_DIR)/panta --write
	@BUILD_DIR=$(BUILD_DIR) bash bench/runner_bench.sh --write
	@BUILD_DIR=$(BUILD_DIR) bash bench/maven_bench.sh --write
	@BUILD_DIR=$(BUILD_DIR) bash bench/helper_bench.sh --write
	@bash bench/generate_bench.sh $(BUILD_DIR)/panta --write
	@bash bench/validation_bench.sh $(BUILD_DIR)/panta --write || echo "validation_bench skipped (it needs the corpus' commons-lang3)"
	@BUILD_DIR=$(BUILD_DIR) bash bench/mutate_bench.sh --write || echo "mutate_bench skipped (it needs the corpus' csv, lang and codec)"
	@BUILD_DIR=$(BUILD_DIR) bash bench/fixtures_bench.sh --write || echo "fixtures_bench failed"
	@bash bench/replay_bench.sh --write $(if $(REPLAY_JOURNAL),--journal $(REPLAY_JOURNAL) --subject $(REPLAY_SUBJECT) --class $(REPLAY_CLASS))

clean:
	@rm -rf $(BUILD_DIR)
