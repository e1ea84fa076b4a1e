# vaultfuzz build.
#
#   make          build ./vaultfuzz and ./vaultfuzz-lua5.4 (never installs
#                 anything)
#   make deps     install the libraries that are missing (Debian, as root)
#   make run      deps, build, lint corpus/, then run the main job on it
#                 (its known-bad vaults are marked intended: exit status 0)
#   make check    deps, build with ASan+UBSan, then run every test (and
#                 check-layers, check-readme); -j2 runs two suites at once
#   make check-fast  the quick suites only, for the edit loop
#   make check-layers  hold src/'s includes to the layer order in
#                 harness/layers.txt
#   make check-readme [CRAWL_DIR=...]  run README.md's examples and check
#                 each does what the text beside it says
#                 (harness/check-readme.sh; with CRAWL_DIR, those that need
#                 a crawl checkout too)
#   make check-versions  lint and run the game's checkouts at three
#                 versions (../shared/crawl)
#   make bench    build optimised, then print load/compile figures and
#                 run throughput at -j 1 and -j 2
#   make install [PREFIX=/usr/local] [DESTDIR=]   the binary, its data
#                 (dlua/, corpus/), the man page and shell completions
#   make uninstall [PREFIX=...] [DESTDIR=]   removes what install put
#   make check-install   install into a temporary directory, use it from
#                 elsewhere, uninstall (harness/check-install.sh)
#   make check-html  render a run's report.html in headless Chromium and
#                 check it (harness/check-html.sh; installs chromium, tidy
#                 and libpng-dev when missing)
#   make fuzz     build the libFuzzer targets (clang) and run each for
#                 FUZZ_SECONDS (default 60), or as FUZZ_PLAN says
#                 ("des=20 pipeline=90": a target's seconds)
#
# Missing libraries (Lua 5.1, Lua 5.4, Check, zlib) are installed by
# harness/deps.sh (make deps, and so make run and make check) when it can;
# it writes their flags to build/deps.mk.

BUILD   := build
CC      ?= cc
STD     := -std=c11 -D_POSIX_C_SOURCE=200809L
WARN    := -Wall -Wextra -Werror
# Headers made from other files (report.html's style and script) lie
# under $(BUILD)/gen.
GEN     := $(BUILD)/gen
INC     := -Iinclude -Isrc -Iharness -I$(GEN)
DEFS    := -DVF_SOURCE_DIR='"$(CURDIR)"'
# The maps' index is filled on several threads (src/engine/catalog.c).
THREADS := -pthread
OPT     := -O2 -g
# The sanitizer build is the test build: it alone has the test-only hooks
# (VAULTFUZZ_TEST_CRASH, _HANG, _KILL).
SAN     := -DVF_TEST_HOOKS -O1 -g -fno-omit-frame-pointer \
           -fsanitize=address,undefined \
           -fno-sanitize-recover=all

LIB_SRC   := $(sort $(wildcard src/*/*.c))
CLI_SRC   := $(filter-out harness/main.c harness/bench_main.c, \
               $(sort $(wildcard harness/*.c)))
TEST_SRC  := $(sort $(wildcard tests/*.c))

# Every object is built once per interpreter from the same sources
# (src/lua/lua_compat.h names where their APIs differ): rel and san against
# Lua 5.1, rel54 and san54 against Lua 5.4. Both libraries export the same
# names, so each binary links one: vaultfuzz has 5.1, vaultfuzz-lua5.4 has
# 5.4, and each hands a checkout whose game uses the other Lua to the other
# (harness/lua_choice.c).
REL_OBJ     := $(patsubst %.c,$(BUILD)/rel/%.o,$(LIB_SRC) $(CLI_SRC))
SAN_OBJ     := $(patsubst %.c,$(BUILD)/san/%.o,$(LIB_SRC) $(CLI_SRC))
TEST_OBJ    := $(patsubst %.c,$(BUILD)/san/%.o,$(TEST_SRC))
REL54_OBJ   := $(patsubst %.c,$(BUILD)/rel54/%.o,$(LIB_SRC) $(CLI_SRC))
SAN54_OBJ   := $(patsubst %.c,$(BUILD)/san54/%.o,$(LIB_SRC) $(CLI_SRC))
TEST54_OBJ  := $(patsubst %.c,$(BUILD)/san54/%.o,$(TEST_SRC))

LUA54_EXE   := vaultfuzz-lua5.4
TEST_BIN    := $(BUILD)/san/check_vaultfuzz
TEST54_BIN  := $(BUILD)/san54/check_vaultfuzz
BENCH_BIN   := $(BUILD)/rel/bench_vaultfuzz
BENCH54_BIN := $(BUILD)/rel54/bench_vaultfuzz

REAL_DES  ?= ../shared/dcss-des
# A crawl checkout, for the figures and checks that run the game's own Lua.
CRAWL_DIR ?=

.PHONY: all run check check-all check-fast check-layers check-readme \
        check-real check-versions check-html bench fuzz clean deps \
        deps-present install uninstall check-install

all: vaultfuzz $(LUA54_EXE)

# Library flags, (re)made before anything compiles. Plain make only looks
# (deps.sh --check) and never installs; `make deps` installs what is
# missing, and make run and make check call it first. The fragment is
# written only when it changes, so nothing is rebuilt for nothing.
-include $(BUILD)/deps.mk
$(BUILD)/deps.mk: harness/deps.sh
	@mkdir -p $(BUILD)
	@sh harness/deps.sh --check > $@.tmp && mv $@.tmp $@

deps:
	@mkdir -p $(BUILD)
	@sh harness/deps.sh > $(BUILD)/deps.mk.tmp
	@cmp -s $(BUILD)/deps.mk.tmp $(BUILD)/deps.mk \
	    && rm $(BUILD)/deps.mk.tmp \
	    || mv $(BUILD)/deps.mk.tmp $(BUILD)/deps.mk

# Stops a build that would fail for want of a library, saying how to go on.
deps-present:
	@if [ -n "$(DEPS_MISSING)" ]; then \
	    echo "vaultfuzz: missing libraries ($(DEPS_MISSING)): run 'make deps'" \
	         "(make run and make check run it too)" >&2; exit 1; fi

COMPILE = $(CC) $(STD) $(WARN) $(THREADS) $(INC) $(DEFS) $(DEP_CFLAGS) -MMD -MP

$(BUILD)/rel/%.o: %.c $(BUILD)/deps.mk | deps-present
	@mkdir -p $(dir $@)
	$(COMPILE) $(OPT) $(LUA51_CFLAGS) -c $< -o $@

$(BUILD)/san/%.o: %.c $(BUILD)/deps.mk | deps-present
	@mkdir -p $(dir $@)
	$(COMPILE) $(SAN) $(LUA51_CFLAGS) -c $< -o $@

$(BUILD)/rel54/%.o: %.c $(BUILD)/deps.mk | deps-present
	@mkdir -p $(dir $@)
	$(COMPILE) $(OPT) $(LUA54_CFLAGS) -c $< -o $@

$(BUILD)/san54/%.o: %.c $(BUILD)/deps.mk | deps-present
	@mkdir -p $(dir $@)
	$(COMPILE) $(SAN) $(LUA54_CFLAGS) -c $< -o $@

# report.html's style and script are files (src/report/html.css, html.js)
# compiled in as C strings of the same bytes, in headers made here for
# html.c, before any build of it: each line of the script a literal
# ending in \n; the style's lines joined (a rule a line in the file, one
# line in the page).
HTML_GEN := $(GEN)/report/html_css.h $(GEN)/report/html_js.h
C_STRING := sed -e 's/[\\"?]/\\&/g' -e 's/^/    "/'

$(GEN)/report/html_css.h: src/report/html.css
	@mkdir -p $(dir $@)
	@{ echo '/* Made from $< by the Makefile. */'; \
	   echo 'static const char vf_html_css[] ='; \
	   $(C_STRING) -e '$$!s/$$/"/' -e '$$s/$$/\\n";/' $<; } > $@.tmp
	@mv $@.tmp $@

$(GEN)/report/html_js.h: src/report/html.js
	@mkdir -p $(dir $@)
	@{ echo '/* Made from $< by the Makefile. */'; \
	   echo 'static const char vf_html_js[] ='; \
	   $(C_STRING) -e 's/$$/\\n"/' -e '$$s/$$/;/' $<; } > $@.tmp
	@mv $@.tmp $@

$(foreach f,rel san rel54 san54 fuzz,$(BUILD)/$(f)/src/report/html.o): \
    $(HTML_GEN)

vaultfuzz: $(REL_OBJ) $(BUILD)/rel/harness/main.o
	$(CC) $(OPT) $(THREADS) -o $@ $^ $(LUA51_LIBS) $(DEP_LIBS)

$(LUA54_EXE): $(REL54_OBJ) $(BUILD)/rel54/harness/main.o
	$(CC) $(OPT) $(THREADS) -o $@ $^ $(LUA54_LIBS) $(DEP_LIBS)

$(TEST_BIN): $(SAN_OBJ) $(TEST_OBJ)
	$(CC) $(SAN) $(THREADS) -o $@ $^ $(CHECK_LIBS) $(LUA51_LIBS) $(DEP_LIBS)

$(TEST54_BIN): $(SAN54_OBJ) $(TEST54_OBJ)
	$(CC) $(SAN) $(THREADS) -o $@ $^ $(CHECK_LIBS) $(LUA54_LIBS) $(DEP_LIBS)

$(BENCH_BIN): $(REL_OBJ) $(BUILD)/rel/harness/bench_main.o
	$(CC) $(OPT) $(THREADS) -o $@ $^ $(LUA51_LIBS) $(DEP_LIBS)

$(BENCH54_BIN): $(REL54_OBJ) $(BUILD)/rel54/harness/bench_main.o
	$(CC) $(OPT) $(THREADS) -o $@ $^ $(LUA54_LIBS) $(DEP_LIBS)

run:
	@$(MAKE) --no-print-directory deps
	@$(MAKE) --no-print-directory vaultfuzz $(LUA54_EXE)
	./vaultfuzz lint
	./vaultfuzz run

# Every test of the project itself; needs nothing outside this tree. Each
# suite runs in a process of its own, so `make -j2 check` runs two at once;
# `make check-fast` runs the suites that take seconds, for the edit loop.
SUITES      := $(shell sed -n \
                 's/^ *{"\([a-z]*\)", vf_test_[a-z]*_suite, 0},.*/\1/p' \
                 tests/check_main.c)
SLOW_SUITES := run robust verdicts connref gamelayout caselayout changed html \
               explain
check:
	@$(MAKE) --no-print-directory deps
	@$(MAKE) --no-print-directory check-all
# Each suite with Lua in it runs twice: under Lua 5.1 (build/san) and
# under Lua 5.4 (build/san54), the same tests against each interpreter.
# Those without (utilities, connectivity, transforms) run once.
NO_LUA_SUITES := util conn connref severity glyph transform
LUA_SUITES  := $(filter-out $(NO_LUA_SUITES),$(SUITES))
check-all: check-layers check-readme $(addprefix check-suite-,$(SUITES)) \
           $(addprefix check-suite54-,$(LUA_SUITES))
check-fast: check-layers $(addprefix check-suite-, \
                $(filter-out $(SLOW_SUITES),$(SUITES))) \
            $(addprefix check-suite54-, \
                $(filter-out $(SLOW_SUITES),$(LUA_SUITES)))
check-suite-%: vaultfuzz $(LUA54_EXE) $(TEST_BIN)
	@$(TEST_BIN) $*
check-suite54-%: vaultfuzz $(LUA54_EXE) $(TEST54_BIN)
	@$(TEST54_BIN) $*

# No room of src/ includes a header of a room above it (harness/layers.txt).
check-layers:
	harness/check-layers.sh

# README.md's examples, each run and held to what the text beside it says;
# those that need a crawl checkout run only with CRAWL_DIR.
check-readme: vaultfuzz $(LUA54_EXE)
	CRAWL_DIR="$(CRAWL_DIR)" harness/check-readme.sh

# The checks on the real DCSS corpus (../shared/dcss-des), and, with
# CRAWL_DIR, of what we run in C of the game's Lua library against it,
# the labels' shares, and the hostile vaults beside the game's own.
check-real: vaultfuzz $(LUA54_EXE) $(TEST_BIN)
	VF_REAL_DES=$(REAL_DES) VF_CRAWL_DIR=$(CRAWL_DIR) $(TEST_BIN) realcorpus \
	    gamelua
	@if [ -n "$(CRAWL_DIR)" ]; then harness/check-labels.sh $(CRAWL_DIR); fi
	@if [ -n "$(CRAWL_DIR)" ]; then harness/check-hostile.sh $(CRAWL_DIR); fi

# The game's checkouts at trunk, 0.34.1 and 0.30.0 (../shared/crawl), each
# read as its own version: lint and a short run, what may fail listed in
# tests/versions-known.txt.
CRAWL_TREES ?= ../shared/crawl
check-versions: vaultfuzz $(LUA54_EXE)
	harness/check-versions.sh $(CRAWL_TREES)

# report.html in a browser: valid, not blank, a picture per failing map.
# The script installs what it needs (chromium, tidy, libpng-dev) and
# builds its screenshot reader, tests/tools/pngstat.c.
check-html: vaultfuzz $(LUA54_EXE)
	CC="$(CC)" harness/check-html.sh

# The same figures under each interpreter, one after the other on the same
# tree.
bench: $(BENCH_BIN) $(BENCH54_BIN)
	$(BENCH_BIN) $(REAL_DES) $(CRAWL_DIR)
	$(BENCH54_BIN) $(REAL_DES) $(CRAWL_DIR)

# The installed binary finds its data as PREFIX/share/vaultfuzz beside
# itself (harness/datadir.c), so a DESTDIR copy works before it moves.
PREFIX  ?= /usr/local
DESTDIR ?=
BINDIR  := $(DESTDIR)$(PREFIX)/bin
DATADIR := $(DESTDIR)$(PREFIX)/share/vaultfuzz
MAN1DIR := $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR := $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR  := $(DESTDIR)$(PREFIX)/share/zsh/site-functions

install: vaultfuzz $(LUA54_EXE)
	install -d $(BINDIR) $(DATADIR) $(MAN1DIR) $(BASHDIR) $(ZSHDIR)
	install -m 755 vaultfuzz $(BINDIR)/vaultfuzz
	install -m 755 $(LUA54_EXE) $(BINDIR)/$(LUA54_EXE)
	rm -rf $(DATADIR)/dlua $(DATADIR)/corpus
	cp -R dlua corpus $(DATADIR)/
	chmod -R u+rwX,go+rX,go-w $(DATADIR)
	install -m 644 harness/man/vaultfuzz.1 $(MAN1DIR)/vaultfuzz.1
	install -m 644 harness/completion/vaultfuzz.bash $(BASHDIR)/vaultfuzz
	install -m 644 harness/completion/_vaultfuzz $(ZSHDIR)/_vaultfuzz

uninstall:
	rm -f $(BINDIR)/vaultfuzz $(BINDIR)/$(LUA54_EXE) $(MAN1DIR)/vaultfuzz.1 \
	      $(BASHDIR)/vaultfuzz $(ZSHDIR)/_vaultfuzz
	rm -rf $(DATADIR)

check-install: vaultfuzz $(LUA54_EXE)
	harness/check-install.sh
# libFuzzer targets (fuzz/): the .des loader, the key specs, transforms
# and placement, vault Lua, the whole pipeline (index, layouts, explain,
# reports). The library is built again with clang and the fuzzer's
# coverage; harness/fuzz.sh checks for clang's libFuzzer first.
# VF_FUZZ_CRAWL_DIR=checkout runs them with the game's own library.
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_PLAN    ?=
# clang also flags designated initializers that leave fields out (gcc does
# not; src/map/feature.c relies on it): not an error in this build.
FUZZ_FLAGS   := -O1 -g -fno-omit-frame-pointer -Wno-missing-field-initializers \
                -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_TARGETS := des keyspec place lua pipeline
FUZZ_OBJ     := $(patsubst %.c,$(BUILD)/fuzz/%.o,$(LIB_SRC) fuzz/fuzz_map.c \
                  fuzz/fuzz_fork.c fuzz/fuzz_check.c)
FUZZ_BINS    := $(addprefix $(BUILD)/fuzz/fuzz_,$(FUZZ_TARGETS))

$(BUILD)/fuzz/%.o: %.c $(BUILD)/deps.mk
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(STD) $(WARN) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link \
	    $(THREADS) $(INC) -Ifuzz $(DEFS) $(DEP_CFLAGS) $(LUA51_CFLAGS) \
	    -MMD -MP -c $< -o $@

$(BUILD)/fuzz/fuzz_%: $(BUILD)/fuzz/fuzz/fuzz_%.o $(FUZZ_OBJ)
	$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer $(THREADS) -o $@ $^ \
	    $(LUA51_LIBS) $(DEP_LIBS)

# The targets that run vault Lua again under Lua 5.4 (trunk's and 0.34's
# interpreter): fuzz.sh names them lua54 and pipeline54.
FUZZ54_TARGETS := lua pipeline
FUZZ54_OBJ   := $(patsubst %.c,$(BUILD)/fuzz54/%.o,$(LIB_SRC) fuzz/fuzz_map.c \
                  fuzz/fuzz_fork.c fuzz/fuzz_check.c)
FUZZ54_BINS  := $(addprefix $(BUILD)/fuzz54/fuzz_,$(FUZZ54_TARGETS))

$(BUILD)/fuzz54/%.o: %.c $(BUILD)/deps.mk
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(STD) $(WARN) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link \
	    $(THREADS) $(INC) -Ifuzz $(DEFS) $(DEP_CFLAGS) $(LUA54_CFLAGS) \
	    -MMD -MP -c $< -o $@

$(BUILD)/fuzz54/fuzz_%: $(BUILD)/fuzz54/fuzz/fuzz_%.o $(FUZZ54_OBJ)
	$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer $(THREADS) -o $@ $^ \
	    $(LUA54_LIBS) $(DEP_LIBS)

fuzz:
	@sh harness/fuzz.sh check
	$(MAKE) $(FUZZ_BINS) $(FUZZ54_BINS)
	sh harness/fuzz.sh run $(FUZZ_SECONDS) \
	    $(or $(FUZZ_PLAN),$(FUZZ_TARGETS) $(addsuffix 54,$(FUZZ54_TARGETS)))

# Kept between builds: make would remove them as intermediates.
.SECONDARY: $(FUZZ_OBJ) \
            $(patsubst %,$(BUILD)/fuzz/fuzz/fuzz_%.o,$(FUZZ_TARGETS)) \
            $(FUZZ54_OBJ) \
            $(patsubst %,$(BUILD)/fuzz54/fuzz/fuzz_%.o,$(FUZZ54_TARGETS))

clean:
	rm -rf $(BUILD) vaultfuzz $(LUA54_EXE)

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
