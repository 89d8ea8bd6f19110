# mo2c - a compiler for a practical subset of Modelica.
#   make            build build/mo2c and the runtime library build/libmo2crt.a
#   make test       run the whole test suite (tests/run.sh), ending with "N passed, N failed"
#   make DEBUG=1    the compiler with the sanitizers and the checker passes between stages, in build-debug/
#                   at -O1, as ASan's documentation advises for speed (make test DEBUG=1 runs the suite
#                   with it; the runtime is built without sanitizers, so that simulators link with a plain cc)
#   make bench      the benchmarks under bench/ (never part of the test suite)
#   make fuzz       the libFuzzer targets of fuzz/ (FUZZ_ONLY="sim ...": some), each for FUZZ_SECONDS (default 60) in build-fuzz/;
#                   needs clang (fuzz/run.sh says how to install it); never part of the test suite
#   make install PREFIX=/usr/local [DESTDIR=/staging]   (and make uninstall with the same)
CC      ?= cc
ifeq ($(FUZZ),1)
  BUILD ?= build-fuzz
else ifeq ($(DEBUG),1)
  BUILD ?= build-debug
else
  BUILD ?= build
endif
PREFIX  ?= /usr/local
WARN     = -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes -Wmissing-prototypes
# compiler/ has a folder per stage (README: reading the code); every folder is on the include path, so a
# file includes a header by its name alone.
STAGES   = util parse lookup instantiate flat check analysis codegen regress
CFLAGS_BASE = -std=c11 -D_POSIX_C_SOURCE=200809L $(WARN) -Icompiler $(STAGES:%=-Icompiler/%) -I$(BUILD) -Iruntime
ifeq ($(DEBUG),1)
  SANITIZE = -fsanitize=address,undefined
  CFLAGS_OPT = -O1 -g $(SANITIZE) -fno-omit-frame-pointer -DMO_DEBUG=1
  RT_CFLAGS_OPT = -O1 -g
else
  SANITIZE =
  CFLAGS_OPT = -O2 -g
  RT_CFLAGS_OPT = -O2 -g
endif
# FUZZ=1 (fuzz/run.sh): everything with clang, coverage for libFuzzer and the sanitizers, the checker
# passes; the runtime without guard.c's signal handlers, so that the sanitizers see every fault.
ifeq ($(FUZZ),1)
  CC = clang
  SANITIZE = -fsanitize=address,undefined
  CFLAGS_OPT = -O1 -g -fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer -DMO_DEBUG=1
  RT_CFLAGS_OPT = -O1 -g -fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer -DMO2C_RT_NO_GUARD
endif
LDFLAGS_OPT = $(SANITIZE)
ALL_CFLAGS = $(CFLAGS_BASE) $(CFLAGS_OPT) $(CFLAGS)
RT_CFLAGS = $(CFLAGS_BASE) $(RT_CFLAGS_OPT) $(CFLAGS)
GSL_LIBS = -lgsl -lgslcblas -lm

COMPILER_SRC = $(sort $(wildcard compiler/*.c compiler/*/*.c))
RUNTIME_SRC  = $(sort $(wildcard runtime/*.c))
COMPILER_H   = $(wildcard compiler/*.h compiler/*/*.h) runtime/reraise.h
GEN_SRC      = $(BUILD)/lexer.c $(BUILD)/parser.c $(BUILD)/parser_fast.c
COMPILER_OBJ = $(COMPILER_SRC:compiler/%.c=$(BUILD)/obj/%.o) $(BUILD)/obj/lexer.o $(BUILD)/obj/parser.o \
               $(BUILD)/obj/parser_fast.o
RUNTIME_OBJ  = $(RUNTIME_SRC:runtime/%.c=$(BUILD)/rt/%.o)

all: $(BUILD)/mo2c $(BUILD)/libmo2crt.a $(BUILD)/sanitize.flags

# The compiler runs on a thread with a large stack (main.c), hence -pthread.
$(BUILD)/mo2c: $(COMPILER_OBJ)
	$(CC) $(LDFLAGS_OPT) $(LDFLAGS) -pthread -o $@ $(COMPILER_OBJ) -lm

# What tests/run.sh must add to link unit tests with this build's compiler objects.
$(BUILD)/sanitize.flags: FORCE | $(BUILD)
	@echo '$(SANITIZE)' | cmp -s - $@ || echo '$(SANITIZE)' > $@

# SUNDIALS (CVODE, IDA and its KLU linear solver) and SuiteSparse's KLU come as static libraries
# (tools/install-deps.sh) and are merged into the runtime library, so that a simulator links as before
# with libmo2crt.a -lgsl -lgslcblas -lm and runs without them installed. Each archive is searched where
# the C compiler looks, then in /usr/local/lib (where install-deps.sh puts SUNDIALS' three).
static_lib = $(or $(firstword $(wildcard $(shell $(CC) -print-file-name=$(1)) /usr/local/lib/$(1))),\
               $(error $(1) not found: run tools/install-deps.sh))
SUN_CVODE_A = $(call static_lib,libsundials_cvode.a)
SUN_IDA_A   = $(call static_lib,libsundials_ida.a)
SUN_KLU_A   = $(call static_lib,libsundials_sunlinsolklu.a)
KLU_A       = $(foreach a,libklu.a libamd.a libcolamd.a libbtf.a libsuitesparseconfig.a,$(call static_lib,$(a)))

# The members: all of CVODE's (with SUNDIALS' vectors, matrices and solvers), IDA's own, the KLU
# solver's own (the others repeat CVODE's), all of SuiteSparse's.
$(BUILD)/libmo2crt.a: $(RUNTIME_OBJ)
	rm -rf $@.tmp $(BUILD)/rtx
	mkdir -p $(BUILD)/rtx/cvode $(BUILD)/rtx/ida $(BUILD)/rtx/klu
	cd $(BUILD)/rtx/cvode && ar x $(SUN_CVODE_A)
	cd $(BUILD)/rtx/ida && ar x $(SUN_IDA_A) && rm -f $$(ar t $(SUN_CVODE_A))
	cd $(BUILD)/rtx/klu && ar x $(SUN_KLU_A) sunlinsol_klu.c.o && for a in $(KLU_A); do ar x $$a; done
	ar rcs $@.tmp $(RUNTIME_OBJ) $(BUILD)/rtx/*/*.o
	rm -rf $(BUILD)/rtx
	mv -f $@.tmp $@

# One bison run makes both files; parser.h rides on parser.c so that make -j runs bison once.
$(BUILD)/parser.c: grammar/parser.y | $(BUILD)
	bison -Wall -Werror --defines=$(BUILD)/parser.h -o $(BUILD)/parser.c grammar/parser.y
$(BUILD)/parser.h: $(BUILD)/parser.c
	@test -f $@ || { rm -f $<; $(MAKE) $<; }

# The same grammar without LAC, for the first attempt at each file (see parser.y): no header of its own.
$(BUILD)/parser_fast.c: grammar/parser.y | $(BUILD)
	bison -Wall -Werror -Fapi.prefix={mo_yyf} -Fparse.lac=none -o $@ grammar/parser.y

$(BUILD)/lexer.c: grammar/lexer.re $(BUILD)/parser.h | $(BUILD)
	re2c -W --no-generation-date -o $@ grammar/lexer.re

# Generated code is ours to keep warning-free too, except what bison's skeleton does on purpose.
$(BUILD)/obj/lexer.o: $(BUILD)/lexer.c $(COMPILER_H) $(BUILD)/parser.h | $(BUILD)/obj
	$(CC) $(ALL_CFLAGS) -c -o $@ $<
$(BUILD)/obj/parser.o: $(BUILD)/parser.c $(COMPILER_H) | $(BUILD)/obj
	$(CC) $(ALL_CFLAGS) -Wno-missing-prototypes -c -o $@ $<
$(BUILD)/obj/parser_fast.o: $(BUILD)/parser_fast.c $(COMPILER_H) | $(BUILD)/obj
	$(CC) $(ALL_CFLAGS) -DMO_PARSER_FAST -Wno-missing-prototypes -c -o $@ $<

$(BUILD)/obj/%.o: compiler/%.c $(COMPILER_H) $(BUILD)/parser.h | $(BUILD)/obj
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/rt/%.o: runtime/%.c runtime/*.h | $(BUILD)/rt
	$(CC) $(RT_CFLAGS) -c -o $@ $<

$(BUILD) $(BUILD)/obj $(BUILD)/rt:
	mkdir -p $@

test: all
	BUILD=$(abspath $(BUILD)) bash tests/run.sh

bench: all
	bash bench/run.sh

# ---- fuzzing (fuzz/fuzz_compiler.c explains the compiler object; fuzz/run.sh drives this) ----
FUZZ_SECONDS ?= 60
FUZZ_TARGETS = parse flat codegen sim
FUZZ_STAGE_parse = 0
FUZZ_STAGE_flat = 1
FUZZ_STAGE_codegen = 2

fuzz:
	bash fuzz/run.sh $(FUZZ_SECONDS)

fuzz-build: $(FUZZ_TARGETS:%=$(BUILD)/fuzz/fuzz_%)

# The whole compiler as one object, its static variables in sections of their own, its main renamed.
$(BUILD)/fuzz/compiler.o: $(COMPILER_OBJ) | $(BUILD)/fuzz
	ld -r -o $@.tmp $(COMPILER_OBJ)
	objcopy --rename-section .data=mo2c_data --rename-section .bss=mo2c_bss \
	    --redefine-sym main=mo2c_cli_main $@.tmp $@
	rm -f $@.tmp

$(BUILD)/fuzz/fuzz_%: fuzz/fuzz_compiler.c $(BUILD)/fuzz/compiler.o
	$(CC) $(CFLAGS_OPT) -fsanitize=fuzzer -DFUZZ_STAGE=$(FUZZ_STAGE_$*) -o $@ $< $(BUILD)/fuzz/compiler.o -pthread -lm

# The simulator of fuzz/FuzzSim.mo: its C from the plain build's mo2c, its main renamed.
$(BUILD)/fuzz/FuzzSim.c: fuzz/FuzzSim.mo | $(BUILD)/fuzz
	$(MAKE) FUZZ= BUILD=build all
	build/mo2c --emit-c -o $@ fuzz/FuzzSim.mo

$(BUILD)/fuzz/sim.o: $(BUILD)/fuzz/FuzzSim.c runtime/mo2c_rt.h
	$(CC) -std=c11 $(RT_CFLAGS_OPT) -Iruntime -c -o $@.tmp.o $<
	objcopy --redefine-sym main=mo2c_sim_main $@.tmp.o $@
	rm -f $@.tmp.o

$(BUILD)/fuzz/fuzz_sim: fuzz/fuzz_sim.c $(BUILD)/fuzz/sim.o $(BUILD)/libmo2crt.a
	$(CC) $(CFLAGS_OPT) -fsanitize=fuzzer -o $@ $< $(BUILD)/fuzz/sim.o $(BUILD)/libmo2crt.a $(GSL_LIBS)

$(BUILD)/fuzz:
	mkdir -p $@

# DESTDIR (packaging) is prepended to every installed path; uninstall removes exactly what install
# wrote (the bundled library by the list of the build tree's models/).
MAN1 = man/mo2c.1 man/mo2c-simulator.1
install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/mo2c $(DESTDIR)$(PREFIX)/include/mo2c \
	    $(DESTDIR)$(PREFIX)/share/mo2c $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 $(BUILD)/mo2c $(DESTDIR)$(PREFIX)/bin/mo2c
	install -m 644 $(BUILD)/libmo2crt.a $(DESTDIR)$(PREFIX)/lib/mo2c/
	install -m 644 runtime/mo2c_rt.h $(DESTDIR)$(PREFIX)/include/mo2c/
	install -m 644 $(MAN1) $(DESTDIR)$(PREFIX)/share/man/man1/
	cp -r models $(DESTDIR)$(PREFIX)/share/mo2c/

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/mo2c $(DESTDIR)$(PREFIX)/lib/mo2c/libmo2crt.a \
	    $(DESTDIR)$(PREFIX)/include/mo2c/mo2c_rt.h $(MAN1:man/%=$(DESTDIR)$(PREFIX)/share/man/man1/%)
	rm -rf $(DESTDIR)$(PREFIX)/share/mo2c/models
	-rmdir $(DESTDIR)$(PREFIX)/lib/mo2c $(DESTDIR)$(PREFIX)/include/mo2c $(DESTDIR)$(PREFIX)/share/mo2c 2>/dev/null

clean:
	rm -rf $(BUILD)

FORCE:

.PHONY: all test bench fuzz fuzz-build install uninstall clean FORCE
