# lootforge. `make run` and `make check` are the two commands; see README.md.
# Sanitizer build: `make SAN=1 ...` builds into build/san with ASan + UBSan.
# A plain `make` builds everything (all), whatever target is written first.
.DEFAULT_GOAL := all

CC ?= gcc
CXX ?= g++
SAN ?= 0
OPT ?= -O2

ifeq ($(SAN),1)
BUILD := build/san
SANFLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
OPT := -O1
else
BUILD := build/rel
SANFLAGS :=
endif

WARN := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wformat=2 -Wvla
# The sources by layer (docs/house.md, "Layers"): a folder of src/ per group
# of layers, each on the include path, so that an #include names a file and
# not its folder: moving a file to another layer changes no #include, and the
# layer rules are checked from the table (make test-house), not from paths.
# A new folder needs nothing here.
SRC_DIRS := $(patsubst %/,%,$(sort $(dir $(wildcard src/*/*.c src/*/*.cc))))
vpath %.c $(SRC_DIRS)
vpath %.cc $(SRC_DIRS)
# Each object lists the headers it read (-MMD, a .d beside it; -MP: a header
# that is gone is no error), so a change to one header rebuilds its users only.
CPPFLAGS := -MMD -MP -D_GNU_SOURCE $(addprefix -I,$(SRC_DIRS)) $(shell mariadb_config --include 2>/dev/null)
CFLAGS := -std=c11 $(OPT) -g -pthread $(WARN) $(SANFLAGS)
CXXFLAGS := -std=c++11 $(OPT) -g -pthread -Wall -Wextra -Werror $(SANFLAGS)
LDLIBS := -lcairo -lpng -lz -lfcgi -lmariadb -lctemplate -ljansson -lsodium -lunistring -lstdc++ -lm -pthread
LDFLAGS := $(SANFLAGS)

LIB_SRC := $(filter-out %/main.c,$(wildcard $(addsuffix /*.c,$(SRC_DIRS))))
LIB_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(notdir $(LIB_SRC))) $(BUILD)/tmpl.o
UNIT_SRC := $(wildcard tests/unit/test_*.c)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)
DAEMON := $(BUILD)/lootforged

# The generator as a library and a command (docs/library.md): the objects
# of the layers below lib that make and render items, maps and dungeons
# (src/LAYERS), lib's own, and the tools of base they use.
LF_LAYERS := model dungeon catalog items output lib
LF_BASE := arena buf codebytes csv decimal fault fieldrow log rng
LF_LIB_OBJ := $(sort $(patsubst %.c,$(BUILD)/%.o,$(notdir $(wildcard $(addprefix src/,$(addsuffix /*.c,$(LF_LAYERS)))))) \
	$(addprefix $(BUILD)/,$(addsuffix .o,$(LF_BASE))))
LIBLOOTFORGE := $(BUILD)/liblootforge.a
LOOTFORGE_CLI := $(BUILD)/lootforge
# The version (src/base/version.h) and the shared library (the kit's block below).
LF_VERSION_PART = $(shell sed -n 's/^\#define LOOTFORGE_VERSION_$(1) *\([0-9]*\)$$/\1/p' src/base/version.h)
LF_MAJOR := $(call LF_VERSION_PART,MAJOR)
LF_VERSION := $(LF_MAJOR).$(call LF_VERSION_PART,MINOR).$(call LF_VERSION_PART,PATCH)
LF_SONAME := liblootforge.so.$(LF_MAJOR)
PIC := build/pic
LIBLOOTFORGE_SO := $(PIC)/liblootforge.so.$(LF_VERSION)
LF_PIC_OBJ := $(patsubst $(BUILD)/%,$(PIC)/%,$(LF_LIB_OBJ))
LF_LIBS := -ljansson -lsodium -lunistring -lm -pthread

# The archive is one object (the kit's block below): only the public API global.
$(LIBLOOTFORGE): $(BUILD)/kit/lootforge.o
	rm -f $@
	ar rcs $@ $^

$(LOOTFORGE_CLI): cli/lootforge.c src/lib/lootforge.h $(LIBLOOTFORGE)
	$(CC) -Isrc/lib -Isrc/base $(CFLAGS) $(LDFLAGS) -o $@ cli/lootforge.c $(LIBLOOTFORGE) -ljansson -lsodium -lunistring -lm -pthread

.PHONY: all deps test-kit install uninstall test-deploy test-house bench-mapgen bench-dungeon-png bench-curve bench-routes unit unit-san integration check run start stop bench clean format
all: $(DAEMON) $(LIBLOOTFORGE) $(LIBLOOTFORGE_SO) $(LOOTFORGE_CLI) $(UNIT_BIN) $(BUILD)/tests/bench_generate $(BUILD)/tests/bench_mapgen \
	$(BUILD)/tests/bench_dungeon $(BUILD)/tests/bench_dungeon_png

deps:
	@deploy/install-deps.sh

$(BUILD)/%.o: %.c | $(BUILD)/tests
	$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

$(BUILD)/tmpl.o: tmpl.cc | $(BUILD)/tests
	$(CXX) $(CPPFLAGS) $(CXXFLAGS) -c -o $@ $<

$(DAEMON): $(BUILD)/main.o $(LIB_OBJ)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/tests/%: tests/unit/%.c $(LIB_OBJ) $(wildcard tests/unit/*.h)
	$(CC) $(CPPFLAGS) -Itests/unit $(CFLAGS) $(LDFLAGS) -o $@ $< $(LIB_OBJ) -lcmocka $(LDLIBS)

$(BUILD)/tests:
	@mkdir -p $@

# Unit tests run from the project root (they read templates/ and sql/).
# The PNG's pins run again on the portable code alone (LOOTFORGE_PORTABLE):
# what a processor without AVX2, PCLMULQDQ or SSSE3 runs must write the
# same bytes, and this machine would otherwise never run it.
PORTABLE_UNIT := test_png_pinned test_dungeon_png test_crcfold
# Every binary runs, whatever failed before it, UNIT_JOBS at a time (each
# is one process on one core; none shares a file or a port with another),
# each into a log of its own under $(BUILD)/tests/unit-logs/, shown
# afterwards in this order; the failures are listed at the end and make
# fails if there was one (a binary that left no status counts as failed).
# The longest runs start first, so that the last to end is a short one.
UNIT_JOBS ?= 2
UNIT_RUNS := $(notdir $(UNIT_BIN)) $(PORTABLE_UNIT:%=%:portable)
UNIT_LONG := test_dungeon_png test_render_json test_dungeon_png:portable test_mapgen test_kept
unit: $(UNIT_BIN)
	@d=$(BUILD)/tests/unit-logs; rm -rf $$d; mkdir -p $$d; \
	printf '%s\n' $(filter $(UNIT_LONG),$(UNIT_RUNS)) $(filter-out $(UNIT_LONG),$(UNIT_RUNS)) | xargs -P $(UNIT_JOBS) -I{} sh -c \
		'r={}; t=$${r%:portable}; [ "$$t" = "$$r" ] || export LOOTFORGE_PORTABLE=1; \
		$(BUILD)/tests/$$t >'$$d'/$$r.log 2>&1; echo $$? >'$$d'/$$r.rc'; \
	failed=""; \
	for r in $(UNIT_RUNS); do t=$${r%:portable}; \
		if [ "$$t" = "$$r" ]; then n=$(BUILD)/tests/$$t; echo "== $$n"; \
		else n="$$t(LOOTFORGE_PORTABLE=1)"; echo "== $$t, LOOTFORGE_PORTABLE=1"; fi; \
		cat $$d/$$r.log; [ "$$(cat $$d/$$r.rc 2>/dev/null)" = 0 ] || failed="$$failed $$n"; done; \
	if [ -n "$$failed" ]; then echo "unit: failed:$$failed"; exit 1; fi; \
	echo "unit: $(words $(UNIT_BIN)) binaries and $(words $(PORTABLE_UNIT)) portable runs passed"

unit-san:
	@$(MAKE) --no-print-directory SAN=1 unit

# The install script's branches, under dash, with apt stand-ins; the first
# make run/start on a machine without mariadb_config.
test-deploy:
	sh tests/deploy/test_install_deps.sh
	sh tests/deploy/test_make_fresh.sh

# The house rules on the source (docs/house.md): no include loop, and only
# the server and main.c reach the router.
test-house: $(BUILD)/tests/house_lists
	LOOTFORGE_LISTS=$(BUILD)/tests/house_lists PYTHONDONTWRITEBYTECODE=1 \
		/usr/bin/python3 -m pytest -q -p no:cacheprovider --noconftest tests/house

# The copies outside C of the C code's lists (kinds, stats, slots, places),
# written from them: public/openapi.json's enums and stat properties,
# sql/data/kinds_sql.py (tests/house/regen.py; make test-house fails when a
# copy drifts).
.PHONY: regen lint-openapi
regen: $(BUILD)/tests/house_lists
	/usr/bin/python3 tests/house/regen.py $(BUILD)/tests/house_lists

# public/openapi.json under Redocly's recommended rules (npm's @redocly/cli,
# fetched by npx into ~/.npm on first use; needs Node.js 20). Not part of
# make check: a fresh Debian has no Node.js of that age.
REDOCLY ?= @redocly/cli@2.77.0
lint-openapi:
	npx --yes $(REDOCLY) lint --extends recommended public/openapi.json

# Without the library's own objects: they include src/lib/lf_stats.h, which
# make regen writes from this program's lists, so a stat new in STAT_LIST
# fails their build until make regen, which must therefore not need them.
HOUSE_LISTS_OBJ := $(filter-out $(patsubst src/lib/%.c,$(BUILD)/%.o,$(wildcard src/lib/*.c)),$(LIB_OBJ))
$(BUILD)/tests/house_lists: tests/house/lists.c $(HOUSE_LISTS_OBJ)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $< $(HOUSE_LISTS_OBJ) $(LDLIBS)

# Integration, browser and soak tests run under pytest from Debian's python3
# (python3-pytest, python3-selenium), whatever python3 comes first on PATH.
PYTEST := PYTHONDONTWRITEBYTECODE=1 /usr/bin/python3 -m pytest -c tests/pytest.ini
PYTEST_ARGS ?=

# The integration suites run on IT_WORKERS pytest-xdist workers, each with a
# stack of its own (tests/conftest.py's session fixture, once per worker) on
# ports of its own (lf.free_port); a test file stays on one worker, as its
# module fixtures and the order of its tests want. IT_WORKERS=1: one process.
IT_WORKERS ?= 2
XDIST = $(if $(filter-out 0 1,$(IT_WORKERS)),-n $(IT_WORKERS) --dist loadfile)
# The sanitized run's own count: SAN_IT_WORKERS=1 runs it in one process.
SAN_IT_WORKERS ?= $(IT_WORKERS)
# Files whose floods of logins time how fast a stack answers: run after the
# others, alone on the machine, so that a second stack's Argon2 checks do
# not make nginx give up on theirs.
SERIAL_IT := tests/integration/test_abuse.py tests/integration/test_budgets.py
# Runs the integration suite: $(1) the daemon, $(2) pytest's own options,
# $(3) the workers. With more than one, SERIAL_IT runs after the rest in one
# process (pytest's 5, "no test selected" by a -k, is no failure of a pass).
define run_integration
	$(if $(filter-out 0 1,$(3)),\
	{ $(PYTEST) tests/integration --daemon $(1) $(2) -n $(3) --dist loadfile \
		$(addprefix --ignore=,$(SERIAL_IT)) $(PYTEST_ARGS); rc=$$?; \
	  [ $$rc -eq 0 ] || [ $$rc -eq 5 ] || exit $$rc; } && \
	{ $(PYTEST) $(SERIAL_IT) --daemon $(1) $(2) $(PYTEST_ARGS); rc=$$?; \
	  [ $$rc -eq 0 ] || [ $$rc -eq 5 ] || exit $$rc; },\
	$(PYTEST) tests/integration --daemon $(1) $(2) $(PYTEST_ARGS))
endef

integration: $(DAEMON) $(LOOTFORGE_CLI) $(LIBLOOTFORGE_SO)
	$(call run_integration,$(DAEMON),,$(IT_WORKERS))

# What unit-san and integration-san build (make SAN=1 check-build).
.PHONY: check-build
check-build: $(DAEMON) $(LOOTFORGE_CLI) $(UNIT_BIN)

# Every layer (docs/testing.md), under 15 minutes on two cores: the
# sanitized integration run, the cluster tests and the fuzzers are most of it.
# The builds come first, CHECK_JOBS at a time (the steps' own makes then
# find them done); each step still runs alone, in this order.
CHECK_JOBS ?= 2
check: deps
	@$(MAKE) --no-print-directory test-deploy
	@$(MAKE) --no-print-directory -j$(CHECK_JOBS) all $(BUILD)/tests/house_lists $(BUILD)/tests/kit_export
	@$(MAKE) --no-print-directory -j$(CHECK_JOBS) SAN=1 check-build
	@$(MAKE) --no-print-directory -j$(CHECK_JOBS) fuzz-build
	@$(MAKE) --no-print-directory test-house
	@$(MAKE) --no-print-directory all
	@$(MAKE) --no-print-directory unit
	@$(MAKE) --no-print-directory unit-san
	@$(MAKE) --no-print-directory test-kit
	@$(MAKE) --no-print-directory integration
	@$(MAKE) --no-print-directory integration-san
	@$(MAKE) --no-print-directory browser
	@$(MAKE) --no-print-directory soak-brief
	@$(MAKE) --no-print-directory scale-brief
	@$(MAKE) --no-print-directory scale-galera-brief
	@$(MAKE) --no-print-directory fuzz-check

# ---- Fuzzing, sanitized integration, browser, load (docs/testing.md) ----
.PHONY: fuzz fuzz-check fuzz-build integration-san browser soak soak-brief

# libFuzzer targets: clang, ASan + UBSan, linked with every library object
# rebuilt the same way into build/fuzz (tmpl.cc with clang++). gcc's -Werror
# build is the warnings gate; clang's extra warnings on src/ are shown here
# but do not stop the fuzzers. The targets themselves build with -Werror.
FUZZ_DIR := build/fuzz
FUZZ_SECONDS ?= 300
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_CFLAGS := -std=c11 -O1 -g -pthread $(filter-out -Werror,$(WARN)) $(FUZZ_SAN) \
	-fsanitize=fuzzer-no-link
FUZZ_CXXFLAGS := -std=c++11 -O1 -g -pthread -Wall -Wextra $(FUZZ_SAN) -fsanitize=fuzzer-no-link
FUZZ_OBJ := $(patsubst %.c,$(FUZZ_DIR)/%.o,$(notdir $(LIB_SRC))) $(FUZZ_DIR)/tmpl.o
FUZZERS := $(FUZZ_DIR)/fuzz_form $(FUZZ_DIR)/fuzz_handler $(FUZZ_DIR)/fuzz_itemcode

$(FUZZ_DIR)/%.o: %.c | $(FUZZ_DIR)
	clang $(CPPFLAGS) $(FUZZ_CFLAGS) -c -o $@ $<

$(FUZZ_DIR)/tmpl.o: tmpl.cc | $(FUZZ_DIR)
	clang++ $(CPPFLAGS) $(FUZZ_CXXFLAGS) -c -o $@ $<

$(FUZZ_DIR)/fuzz_%.o: tests/fuzz/fuzz_%.c | $(FUZZ_DIR)
	clang $(CPPFLAGS) -Itests/unit $(FUZZ_CFLAGS) -Werror -c -o $@ $<

$(FUZZ_DIR)/fuzz_%: $(FUZZ_DIR)/fuzz_%.o $(FUZZ_OBJ)
	clang++ $(FUZZ_SAN) -fsanitize=fuzzer -o $@ $^ $(LDLIBS)

$(FUZZ_DIR):
	@mkdir -p $@

.SECONDARY: $(FUZZ_OBJ) $(FUZZERS:%=%.o)
fuzz-build: $(FUZZERS)

# Each fuzzer uses one core: on two, the form and handler fuzzers run side
# by side (each still for FUZZ_SECONDS), then the code decoder, which is
# small: a third of the time covers it. Both of the pair run to their end
# whatever the other does; fuzz fails if either did.
fuzz: fuzz-build
	@tests/fuzz/run.sh form $(FUZZ_SECONDS) & form=$$!; \
	tests/fuzz/run.sh handler $(FUZZ_SECONDS); handler=$$?; \
	wait $$form; form=$$?; \
	[ $$form = 0 ] && [ $$handler = 0 ]
	@tests/fuzz/run.sh itemcode $$(( $(FUZZ_SECONDS) / 3 + 1 ))

fuzz-check:
	@$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=30

# The whole integration suite against the ASan + UBSan daemon; the reports
# land in the daemon's log, which tests/conftest.py reads after a clean stop.
integration-san:
	@$(MAKE) --no-print-directory SAN=1 build/san/lootforged build/san/lootforge
	export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1; \
	$(call run_integration,build/san/lootforged,--sanitized,$(SAN_IT_WORKERS))

# Headless Chromium over WebDriver; screenshots in tests/artifacts/.
browser: $(DAEMON)
	$(PYTEST) tests/browser --daemon $(DAEMON) $(PYTEST_ARGS)

# Load through nginx with wrk (docs/testing.md), up to 1,024 connections. The
# long run adds the faults: workers killed, the database stopped, idle and
# stalled FastCGI peers, submissions counted, a /catalog.json flood,
# HEAD-then-GET on fresh codes, a flood of logins for made-up names and one
# of loadouts from 32 old revisions (/generate p50/p99 beside them).
soak: $(DAEMON)
	python3 tests/soak/soak.py --daemon $(DAEMON) \
		--faults kill-worker,db-outage,db-freeze,db-down-restart,idle-peers,catalog-flood,head-then-get,login-flood,moderator-flood,rev-spelling-flood,old-revision-flood

soak-brief: $(DAEMON)
	python3 tests/soak/soak.py --daemon $(DAEMON) --brief

# Beyond one machine (docs/scaling.md): nginx, three daemon hosts, a MariaDB
# primary and a replica, each in a network namespace the test makes and
# removes; faults under load. Needs root (it says SKIPPED otherwise).
.PHONY: scale scale-brief scale-galera scale-galera-brief
scale: $(DAEMON)
	python3 tests/scale/scale.py --daemon $(DAEMON)

scale-brief: $(DAEMON)
	python3 tests/scale/scale.py --daemon $(DAEMON) --brief

# The same hosts on a three-node Galera cluster (docs/scaling.md): each node
# killed in turn under writes and rejoined by IST, then two at once and the
# documented recovery. The brief run kills one node, then two.
# GALERA_ARGS: e.g. --daemon-hosts 5 --capacity (docs/scaling.md's table).
GALERA_ARGS ?=
scale-galera: $(DAEMON)
	python3 tests/scale/galera.py --daemon $(DAEMON) $(GALERA_ARGS)

scale-galera-brief: $(DAEMON)
	python3 tests/scale/galera.py --daemon $(DAEMON) --brief

# The dev stack: private MariaDB, the daemon and nginx, all under var/.
# The build is a second make, as in check: this one was parsed before deps
# installed mariadb_config, so its CPPFLAGS lack mysql.h's directory on a
# fresh machine (tests/deploy/test_make_fresh.sh).
run: deps
	@$(MAKE) --no-print-directory $(DAEMON)
	deploy/stack.sh run --daemon $(DAEMON)

start: deps
	@$(MAKE) --no-print-directory $(DAEMON)
	deploy/stack.sh start --daemon $(DAEMON)

stop:
	deploy/stack.sh stop

# Figures, not a test: the whole stack (optimised build) under a temp var dir,
# loaded with wrk; prints the table and writes it into docs/benchmarks.md.
# `make bench BENCH_ARGS=--help` lists the flags (connections, duration, ...).
BENCH_ARGS ?=
bench: deps
	@$(MAKE) --no-print-directory SAN=0 build/rel/lootforged build/rel/tests/bench_generate \
		build/rel/tests/bench_mapgen
	python3 tests/bench/bench.py --daemon build/rel/lootforged \
		--generator build/rel/tests/bench_generate $(BENCH_ARGS)
	build/rel/tests/bench_mapgen
	@$(MAKE) --no-print-directory SAN=0 bench-dungeon-png
	@$(MAKE) --no-print-directory bench-curve

# The load curve (1..512 connections, median of 3 per point), the batch of
# 100 against single items, and the daemon's memory by mapping; writes its
# table into docs/benchmarks.md and the plot docs/bench-curve.svg.
CURVE_ARGS ?=
bench-curve: deps
	@$(MAKE) --no-print-directory SAN=0 build/rel/lootforged
	python3 tests/bench/curve.py --daemon build/rel/lootforged $(CURVE_ARGS)

# Every route at its most expensive legal parameters, each against a static
# file of its own answer, with the daemon's CPU per request (issue 27).
# Two daemons for A/B: make bench-routes ROUTES_ARGS='--daemon OLD --daemon NEW'
# Against the card round by round (the host drifts over a run):
# make bench-routes ROUTES_ARGS='--only card,dungeon30-fresh-png50 --duration 2 --rounds 9'
ROUTES_ARGS ?=
bench-routes: deps
	@$(MAKE) --no-print-directory SAN=0 build/rel/lootforged
	python3 tests/bench/routes.py $(ROUTES_ARGS)

$(BUILD)/tests/bench_mapgen: tests/bench/bench_mapgen.c $(LIB_OBJ)
	$(CC) $(CPPFLAGS) $(CFLAGS) -o $@ $< $(LIB_OBJ) $(LDLIBS)

# The map generator alone (docs/maps.md): maps per CPU second by size.
bench-mapgen: $(BUILD)/tests/bench_mapgen
	$(BUILD)/tests/bench_mapgen

# The dungeon's PNG alone (docs/dungeons.md): CPU µs per PNG, versions 1 and 2.
$(BUILD)/tests/bench_dungeon_png: tests/bench/bench_dungeon_png.c $(LIB_OBJ)
	$(CC) $(CPPFLAGS) $(CFLAGS) -o $@ $< $(LIB_OBJ) $(LDLIBS)

bench-dungeon-png: $(BUILD)/tests/bench_dungeon_png
	$(BUILD)/tests/bench_dungeon_png

# Fresh dungeons through the handler, in-process: CPU µs per answer.
$(BUILD)/tests/bench_dungeon: tests/bench/bench_dungeon.c $(LIB_OBJ)
	$(CC) $(CPPFLAGS) $(CFLAGS) -o $@ $< $(LIB_OBJ) $(LDLIBS)

$(BUILD)/tests/bench_generate: tests/bench/bench_generate.c $(LIB_OBJ)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) -o $@ $< $(LIB_OBJ) $(LDLIBS)

clean:
	rm -rf build

format:
	clang-format -i $(wildcard src/*/*.c src/*/*.h src/*/*.cc) tests/unit/*.c

# ---- The game developer's kit (docs/library.md) ----
# The library's objects become one relocatable object in which only the
# public API (the functions lootforge.h declares) stays global, so a game
# that defines its own generate() or buf_init() links; the engine keeps its
# names. The shared library is built from -fPIC objects of the same sources
# in build/pic (release flags, whatever SAN says), with a version script
# exporting lf_* and lootforge_* only.

# The exported names, read off lootforge.h's declarations.
$(BUILD)/kit/exports.txt: src/lib/lootforge.h | $(BUILD)/kit
	grep -o '\<\(lf\|lootforge\)_[a-z0-9_]*[[:space:]]*(' $< | sed 's/[[:space:]]*($$//' | sort -u > $@

$(BUILD)/kit/lootforge.o: $(LF_LIB_OBJ) $(BUILD)/kit/exports.txt
	ld -r -o $@.tmp $(LF_LIB_OBJ)
	objcopy --keep-global-symbols=$(BUILD)/kit/exports.txt $@.tmp $@
	rm -f $@.tmp

$(PIC)/%.o: %.c | $(PIC)
	$(CC) $(CPPFLAGS) -std=c11 -O2 -g -pthread $(WARN) -fPIC -c -o $@ $<

$(LIBLOOTFORGE_SO): $(LF_PIC_OBJ) src/lib/lootforge.map
	$(CC) -shared -Wl,-soname,$(LF_SONAME) -Wl,--version-script=src/lib/lootforge.map \
		-Wl,-z,defs -o $@ $(LF_PIC_OBJ) $(LF_LIBS)
	ln -sf liblootforge.so.$(LF_VERSION) $(PIC)/$(LF_SONAME)
	ln -sf $(LF_SONAME) $(PIC)/liblootforge.so

$(BUILD)/kit $(PIC):
	@mkdir -p $@

# A game that names its own functions as the engine does, linked against
# each library; then nothing but the prefixed API is global in either.
test-kit: $(LIBLOOTFORGE) $(LIBLOOTFORGE_SO) $(LOOTFORGE_CLI) $(DAEMON) $(BUILD)/tests/kit_export
	sh tests/kit/test_kit.sh $(BUILD) $(PIC) $(LF_VERSION)
	sh tests/kit/test_readme.sh $(BUILD)/tests/kit_export
	sh tests/kit/test_crawl.sh $(BUILD)/tests/kit_export
	LOOTFORGE_LIB=$(LIBLOOTFORGE_SO) LOOTFORGE_EXPORT=$(BUILD)/tests/kit_export PYTHONPATH=python \
		$(PYTEST) -p no:cacheprovider --noconftest python/tests

# The fixture catalog as an export, for test-kit's programs.
$(BUILD)/tests/kit_export: tests/kit/fixture_export.c $(LIB_OBJ) $(wildcard tests/unit/*.h)
	$(CC) $(CPPFLAGS) -Itests/unit $(CFLAGS) $(LDFLAGS) -o $@ $< $(LIB_OBJ) $(LDLIBS)

# `make install` / `make uninstall` (docs/library.md, "Install"): PREFIX and
# DESTDIR as usual. The header and version.h go into include/lootforge/
# (version.h is too common a name for include/), which lootforge.pc's Cflags
# names; man pages are whatever docs/man/*.1, *.3, *.8 exist.
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR := $(PREFIX)/bin
SBINDIR := $(PREFIX)/sbin
LIBDIR := $(PREFIX)/lib
INCLUDEDIR := $(PREFIX)/include/lootforge
PKGCONFIGDIR := $(LIBDIR)/pkgconfig
MANDIR := $(PREFIX)/share/man
MAN_PAGES := $(wildcard docs/man/*.1 docs/man/*.3 docs/man/*.8)
LF_SO_FILES := liblootforge.so.$(LF_VERSION) $(LF_SONAME) liblootforge.so

# lootforge.pc, written for the PREFIX of this install.
LF_PC_LINES := 'prefix=$(PREFIX)' 'exec_prefix=$${prefix}' 'libdir=$${exec_prefix}/lib' \
	'includedir=$${prefix}/include/lootforge' '' 'Name: lootforge' \
	'Description: random items, spells and dungeon maps from a lootforge catalog export' \
	'Version: $(LF_VERSION)' 'Libs: -L$${libdir} -llootforge' \
	'Libs.private: -ljansson -lsodium -lunistring -lm -pthread' 'Cflags: -I$${includedir}'

install: $(LIBLOOTFORGE) $(LIBLOOTFORGE_SO) $(LOOTFORGE_CLI) $(DAEMON)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(SBINDIR) $(DESTDIR)$(LIBDIR) \
		$(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(PKGCONFIGDIR)
	install -m 755 $(LOOTFORGE_CLI) $(DESTDIR)$(BINDIR)/lootforge
	install -m 755 $(DAEMON) $(DESTDIR)$(SBINDIR)/lootforged
	install -m 644 $(LIBLOOTFORGE) $(DESTDIR)$(LIBDIR)/liblootforge.a
	install -m 755 $(LIBLOOTFORGE_SO) $(DESTDIR)$(LIBDIR)/liblootforge.so.$(LF_VERSION)
	ln -sf liblootforge.so.$(LF_VERSION) $(DESTDIR)$(LIBDIR)/$(LF_SONAME)
	ln -sf $(LF_SONAME) $(DESTDIR)$(LIBDIR)/liblootforge.so
	install -m 644 src/lib/lootforge.h src/base/version.h $(DESTDIR)$(INCLUDEDIR)
	printf '%s\n' $(LF_PC_LINES) > $(DESTDIR)$(PKGCONFIGDIR)/lootforge.pc
	chmod 644 $(DESTDIR)$(PKGCONFIGDIR)/lootforge.pc
	set -e; for page in $(MAN_PAGES); do \
		sec=$${page##*.}; install -d $(DESTDIR)$(MANDIR)/man$$sec; \
		install -m 644 $$page $(DESTDIR)$(MANDIR)/man$$sec/; done

# Removes what install put there, and include/lootforge/ (ours alone) when
# empty; the shared directories (bin, lib, man1, ...) stay.
uninstall:
	rm -f $(DESTDIR)$(BINDIR)/lootforge $(DESTDIR)$(SBINDIR)/lootforged \
		$(DESTDIR)$(LIBDIR)/liblootforge.a $(addprefix $(DESTDIR)$(LIBDIR)/,$(LF_SO_FILES)) \
		$(DESTDIR)$(INCLUDEDIR)/lootforge.h $(DESTDIR)$(INCLUDEDIR)/version.h \
		$(DESTDIR)$(PKGCONFIGDIR)/lootforge.pc
	set -e; for page in $(MAN_PAGES); do \
		sec=$${page##*.}; rm -f $(DESTDIR)$(MANDIR)/man$$sec/$${page##*/}; done
	rmdir --ignore-fail-on-non-empty $(DESTDIR)$(INCLUDEDIR) 2>/dev/null || true

-include $(shell find build -name "*.d" 2>/dev/null)
