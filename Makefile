# lootforge. `make run` and `make check` are the two commands; see README.md.
# Sanitizer build: `make SAN=1 ...` builds into build/san with ASan + UBSan.

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
CPPFLAGS := -D_GNU_SOURCE -Isrc $(shell mariadb_config --include 2>/dev/null)
CFLAGS := -std=c11 $(OPT) -g -pthread $(WARN) $(SANFLAGS)
CXXFLAGS := -std=c++11 $(OPT) -g -pthread -Wall -Wextra -Werror $(SANFLAGS)
LDLIBS := -lfcgi -lmariadb -lctemplate -ljansson -lstdc++ -lm -pthread
LDFLAGS := $(SANFLAGS)

LIB_SRC := $(filter-out src/main.c,$(wildcard src/*.c))
LIB_OBJ := $(LIB_SRC:src/%.c=$(BUILD)/%.o) $(BUILD)/tmpl.o
UNIT_SRC := $(wildcard tests/unit/test_*.c)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)
DAEMON := $(BUILD)/lootforged

.PHONY: all deps unit unit-san integration check run start stop bench clean format
all: $(DAEMON) $(UNIT_BIN)

deps:
	@deploy/install-deps.sh

$(BUILD)/%.o: src/%.c $(wildcard src/*.h) | $(BUILD)/tests
	$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

$(BUILD)/tmpl.o: src/tmpl.cc src/tmpl.h src/buf.h | $(BUILD)/tests
	$(CXX) $(CPPFLAGS) $(CXXFLAGS) -c -o $@ $<

$(DAEMON): $(BUILD)/main.o $(LIB_OBJ)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/tests/%: tests/unit/%.c $(LIB_OBJ) $(wildcard tests/unit/*.h)
	$(CC) $(CPPFLAGS) -Itests/unit $(CFLAGS) $(LDFLAGS) -o $@ $< $(LIB_OBJ) -lcmocka $(LDLIBS)

$(BUILD)/tests:
	@mkdir -p $@

# Unit tests run from the project root (they read templates/ and sql/).
unit: $(UNIT_BIN)
	@set -e; for t in $(UNIT_BIN); do echo "== $$t"; $$t; done

unit-san:
	@$(MAKE) --no-print-directory SAN=1 unit

integration: $(DAEMON)
	python3 tests/integration/run.py --daemon $(DAEMON)

check: deps
	@$(MAKE) --no-print-directory all
	@$(MAKE) --no-print-directory unit
	@$(MAKE) --no-print-directory unit-san
	@$(MAKE) --no-print-directory integration

# The dev stack: private MariaDB, the daemon and nginx, all under var/.
run: deps $(DAEMON)
	deploy/stack.sh run --daemon $(DAEMON)

start: deps $(DAEMON)
	deploy/stack.sh start --daemon $(DAEMON)

stop:
	deploy/stack.sh stop

clean:
	rm -rf build

format:
	clang-format -i src/*.c src/*.h src/*.cc tests/unit/*.c
