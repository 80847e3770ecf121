# rcutable: the 2019 RCU API table, made real in user space.
#
#   make                 build every implementation into build/<impl>/
#   make DEBUG=1         the checking variant, into build-debug/
#   make SAN=1           AddressSanitizer + UBSan, into build-asan/
#   make TSAN=1          ThreadSanitizer, into build-tsan/ (impls/common/tsan.h)
#   make check           scripts/deps, then every test; ends "N passed, N failed"
#   make conformance     the implementation x test-group matrix
#   make results         the main job (benchmarks, plots, RESULTS.md)
#   make torture         the torture test of every implementation (DURATION=20 s each)
#   make soak            torture of every rcutable implementation with floods (SOAK=3600 s in all)
#   make fork-churn      the SRCU fork-churn program of every build, RUNS=10000 runs in all
#   make models          spin on the Promela models of the grace periods
#   make install PREFIX=/usr/local

PREFIX ?= /usr/local
CC ?= cc
CXX ?= c++

IMPLS := memb signal mb qsbr busted busted-defer ext-liburcu-memb ext-liburcu-signal \
	ext-liburcu-mb ext-liburcu-qsbr ext-liburcu-bp ext-ck-epoch
# SRCU: srcu (compiler-barrier readers, the default), srcu-mb (the kernel's
# full-fence readers) and the busted-srcu control, one update side for both.
SRCU_IMPLS := srcu srcu-mb busted-srcu ext-ck-epoch-srcu
# RCU Tasks: tasks and the busted-tasks control.
TASKS_IMPLS := tasks busted-tasks
INSTALL_IMPLS := memb signal mb qsbr srcu srcu-mb tasks
# The hash-table benchmark's implementations: all but the busted controls.
HASH_IMPLS := $(filter-out busted%,$(IMPLS))
HASH_SRCU_IMPLS := $(filter-out busted-srcu,$(SRCU_IMPLS))

COMMON_SRCS := impls/common/diag.c impls/common/cbq.c impls/common/irq.c \
	impls/common/wait_gp.c impls/common/sigmask.c impls/common/membarrier.c impls/common/gp_funnel.c \
	impls/common/srcu_domain.c impls/common/srcu_check.c impls/common/srcu_lifecycle.c \
	impls/common/api_names.c
memb_SRCS := impls/memb/memb.c impls/common/counter_gp.c
signal_SRCS := impls/signal/signal.c impls/common/counter_gp.c
mb_SRCS := impls/mb/mb.c impls/common/self_fence.c impls/common/counter_gp.c
qsbr_SRCS := impls/qsbr/qsbr.c impls/common/self_fence.c impls/common/counter_gp.c
busted_SRCS := impls/busted/busted.c
busted-defer_SRCS := impls/busted/busted.c
busted-defer_CPPFLAGS := -DRCUTABLE_BUSTED_DEFER
srcu_SRCS := impls/common/srcu_gp.c
srcu-mb_SRCS := impls/common/srcu_gp.c
busted-srcu_SRCS := impls/busted-srcu/busted_srcu.c
tasks_SRCS := impls/tasks/tasks.c impls/tasks/tasks_proc.c
busted-tasks_SRCS := impls/busted-tasks/busted_tasks.c
# Peers: one adapter (peer_adapter.c) over each peer's side: liburcu's,
# compiled once per liburcu flavor, and Concurrency Kit's ck_epoch.
LIBURCU_ADAPTER_SRCS := impls/common/peer_adapter.c impls/common/liburcu_side.c
liburcu_cppflags = -DRCUTABLE_URCU_FLAVOR=$(1) -DRCUTABLE_URCU_FLAVOR_NAME='"$(1)"' \
	-DRCUTABLE_URCU_HEADER='<urcu/urcu-$(1).h>'
liburcu_libs = $(shell pkg-config --libs liburcu-$(1) 2>/dev/null || echo -lurcu-$(1) -lurcu-common)
ext-liburcu-memb_SRCS := $(LIBURCU_ADAPTER_SRCS)
ext-liburcu-memb_CPPFLAGS := $(call liburcu_cppflags,memb) -DRCUTABLE_URCU_MEMB
ext-liburcu-memb_LIBS := $(call liburcu_libs,memb)
ext-liburcu-signal_SRCS := $(LIBURCU_ADAPTER_SRCS)
ext-liburcu-signal_CPPFLAGS := $(call liburcu_cppflags,signal) -DRCUTABLE_URCU_RESERVED_SIGNAL=SIGUSR1
ext-liburcu-signal_LIBS := $(call liburcu_libs,signal)
ext-liburcu-mb_SRCS := $(LIBURCU_ADAPTER_SRCS)
ext-liburcu-mb_CPPFLAGS := $(call liburcu_cppflags,mb)
ext-liburcu-mb_LIBS := $(call liburcu_libs,mb)
ext-liburcu-qsbr_SRCS := $(LIBURCU_ADAPTER_SRCS)
ext-liburcu-qsbr_CPPFLAGS := $(call liburcu_cppflags,qsbr)
ext-liburcu-qsbr_LIBS := $(call liburcu_libs,qsbr)
ext-liburcu-bp_SRCS := $(LIBURCU_ADAPTER_SRCS)
ext-liburcu-bp_CPPFLAGS := $(call liburcu_cppflags,bp) -DRCUTABLE_URCU_BP
ext-liburcu-bp_LIBS := $(call liburcu_libs,bp)
ck_libs := $(shell pkg-config --libs ck 2>/dev/null || echo -lck)
ext-ck-epoch_SRCS := impls/common/peer_adapter.c impls/common/ck_epoch_side.c
ext-ck-epoch_LIBS := $(ck_libs)
# ck_epoch again, as an SRCU peer: an epoch per domain.
ext-ck-epoch-srcu_SRCS := impls/ext-ck-epoch-srcu/ck_epoch_srcu.c
ext-ck-epoch-srcu_LIBS := $(ck_libs)
# Headers of impls/common that an implementation's rcu_impl.h or
# srcu_impl.h includes.
INSTALLED_COMMON_HEADERS := impls/common/counter_state.h \
	impls/common/counter_reader.h impls/common/qsbr_reader.h impls/common/no_qs_reader.h \
	impls/common/srcu_lifecycle.h impls/common/tsan.h \
	impls/common/percpu_count.h impls/common/srcu_state.h impls/common/srcu_reader.h

CONFORMANCE_SRCS := $(wildcard conformance/*.c)
CONFORMANCE_HDRS := $(wildcard conformance/*.h)
# The SRCU suite uses the harness alone: no RCU flavor is linked.
SRCU_CONFORMANCE_SRCS := $(wildcard conformance/srcu/*.c) conformance/harness.c
SRCU_CONFORMANCE_HDRS := $(wildcard conformance/srcu/*.h) conformance/harness.h
# So does the RCU Tasks suite.
TASKS_CONFORMANCE_SRCS := $(wildcard conformance/tasks/*.c) conformance/harness.c
TASKS_CONFORMANCE_HDRS := $(wildcard conformance/tasks/*.h) conformance/harness.h

ifeq ($(DEBUG),1)
B := build-debug
VARIANT_CPPFLAGS := -DRCUTABLE_DEBUG=1
VARIANT_CFLAGS := -O1
else ifeq ($(TSAN),1)
B := build-tsan
VARIANT_CPPFLAGS :=
VARIANT_CFLAGS := -O1 -fsanitize=thread -fno-omit-frame-pointer -Wno-tsan
VARIANT_LDFLAGS := -fsanitize=thread
else ifeq ($(SAN),1)
B := build-asan
VARIANT_CPPFLAGS :=
VARIANT_CFLAGS := -O1 -fsanitize=address,undefined -fno-omit-frame-pointer \
	-fno-sanitize-recover=undefined
VARIANT_LDFLAGS := -fsanitize=address,undefined
else
B := build
VARIANT_CPPFLAGS :=
VARIANT_CFLAGS := -O2
endif

WARN := -Wall -Wextra -Werror
CFLAGS_ALL := -std=gnu11 -g $(VARIANT_CFLAGS) $(WARN) -pthread $(CFLAGS)
CPPFLAGS_ALL := -Iinclude -Iimpls/common $(VARIANT_CPPFLAGS) $(CPPFLAGS)
LDFLAGS_ALL := -pthread $(VARIANT_LDFLAGS) $(LDFLAGS)
CRITERION_LIBS := $(shell pkg-config --libs criterion 2>/dev/null || echo -lcriterion)

PUBLIC_HEADERS := $(wildcard include/rcutable/*.h)
COMMON_LIB := $(B)/common/librcutable-common.a
COMMON_OBJS := $(patsubst impls/common/%.c,$(B)/common/%.o,$(COMMON_SRCS))

.PHONY: all check conformance results torture soak fork-churn models install clean print-impls print-srcu-impls \
	print-tasks-impls
all: $(foreach i,$(IMPLS),$(B)/$(i)/librcutable-$(i).a $(B)/$(i)/conformance \
	$(B)/$(i)/bench $(B)/$(i)/icount $(B)/pkgconfig/rcutable-$(i).pc) \
	$(foreach i,$(SRCU_IMPLS),$(B)/$(i)/librcutable-$(i).a $(B)/$(i)/conformance \
	$(B)/$(i)/bench $(B)/$(i)/srcu-fork-churn $(B)/pkgconfig/rcutable-$(i).pc) \
	$(foreach i,$(TASKS_IMPLS),$(B)/$(i)/librcutable-$(i).a $(B)/$(i)/conformance \
	$(B)/pkgconfig/rcutable-$(i).pc) $(B)/tasks/bench \
	$(foreach i,$(HASH_IMPLS) $(HASH_SRCU_IMPLS),$(B)/$(i)/hash-bench) $(B)/bench/hash-rwlock \
	$(B)/bench/test-gbench $(B)/bench/test-placement \
	$(foreach i,$(IMPLS) $(SRCU_IMPLS) $(TASKS_IMPLS),$(B)/$(i)/torture) \
	$(foreach i,$(IMPLS) $(SRCU_IMPLS),$(B)/$(i)/flood) $(B)/bin/rcutable-choose

# The Google Benchmark shim: C benchmarks, one C++ file.
GBENCH_LIBS := $(shell pkg-config --libs benchmark 2>/dev/null || echo -lbenchmark)
$(B)/bench/gbench.o: bench/gbench.cc bench/gbench.h
	@mkdir -p $(@D)
	$(CXX) -std=c++17 -g $(VARIANT_CFLAGS) $(WARN) -pthread -c $< -o $@

$(B)/bench/test-gbench: bench/test_gbench.c bench/gbench.h $(B)/bench/gbench.o
	$(CC) $(CFLAGS_ALL) -c bench/test_gbench.c -o $(B)/bench/test_gbench.o
	$(CXX) $(B)/bench/test_gbench.o $(B)/bench/gbench.o $(GBENCH_LIBS) $(LDFLAGS_ALL) -o $@

# Thread placement over hwloc, and its test on synthetic topologies.
HWLOC_LIBS := $(shell pkg-config --libs hwloc 2>/dev/null || echo -lhwloc)
BENCH_HDRS := bench/gbench.h bench/placement.h bench/harness.h bench/hash_flavor.h
BENCH_OBJS := $(B)/bench/gbench.o $(B)/bench/placement.o $(B)/bench/harness.o
$(B)/bench/%.o: bench/%.c $(BENCH_HDRS) $(PUBLIC_HEADERS)
	@mkdir -p $(@D)
	$(CC) -Iinclude -Iimpls/common $(CFLAGS_ALL) -c $< -o $@

$(B)/bench/test-placement: bench/test_placement.c $(B)/bench/placement.o
	$(CC) $(CFLAGS_ALL) -Ibench $^ $(HWLOC_LIBS) $(LDFLAGS_ALL) $(CRITERION_LIBS) -o $@

$(B)/common/%.o: impls/common/%.c $(PUBLIC_HEADERS) $(wildcard impls/common/*.h)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS_ALL) $(CFLAGS_ALL) -c $< -o $@

$(COMMON_LIB): $(COMMON_OBJS)
	rm -f $@ && ar rcs $@ $^

# One library and one pkg-config file per implementation; the
# implementation's directory supplies rcu_impl.h or srcu_impl.h (RCU Tasks,
# with no read side, has neither).
define LIB_RULES
$(1)_OBJS := $$(patsubst %.c,$(B)/$(1)/obj/%.o,$$($(1)_SRCS))

$(B)/$(1)/obj/%.o: %.c $(PUBLIC_HEADERS) $$(wildcard impls/$(1)/*.h impls/common/*.h)
	@mkdir -p $$(@D)
	$$(CC) $$(CPPFLAGS_ALL) -Iimpls/$(1) $$($(1)_CPPFLAGS) $$(CFLAGS_ALL) -c $$< -o $$@

$(B)/$(1)/librcutable-$(1).a: $$($(1)_OBJS)
	rm -f $$@ && ar rcs $$@ $$^

$(B)/pkgconfig/rcutable-$(1).pc: Makefile
	@mkdir -p $$(@D)
	scripts/gen-pc $(1) "$(CURDIR)" "$(CURDIR)/$(B)" "$(VARIANT_CPPFLAGS)" "$$($(1)_LIBS)" > $$@
endef
$(foreach i,$(IMPLS) $(SRCU_IMPLS) $(TASKS_IMPLS),$(eval $(call LIB_RULES,$(i))))

# An RCU implementation's conformance suite and instruction count.
define RCU_RULES
$(B)/$(1)/conformance: $(CONFORMANCE_SRCS) $(CONFORMANCE_HDRS) $(PUBLIC_HEADERS) \
		$$(wildcard impls/$(1)/*.h impls/common/*.h) $(B)/$(1)/librcutable-$(1).a $(COMMON_LIB)
	$$(CC) $$(CPPFLAGS_ALL) -Iimpls/$(1) -Iconformance $$(CFLAGS_ALL) \
		$(CONFORMANCE_SRCS) \
		$(B)/$(1)/librcutable-$(1).a $(COMMON_LIB) $$($(1)_LIBS) \
		$$(LDFLAGS_ALL) $(CRITERION_LIBS) -o $$@

$(B)/$(1)/flood: conformance/stress/flood.c $(PUBLIC_HEADERS) $$(wildcard impls/$(1)/*.h) \
		$(B)/$(1)/librcutable-$(1).a $(COMMON_LIB)
	$$(CC) $$(CPPFLAGS_ALL) -Iimpls/$(1) $$(CFLAGS_ALL) $$< \
		$(B)/$(1)/librcutable-$(1).a $(COMMON_LIB) $$($(1)_LIBS) $$(LDFLAGS_ALL) -o $$@

$(B)/$(1)/icount: bench/icount.c $(PUBLIC_HEADERS) $$(wildcard impls/$(1)/*.h) \
		$(B)/$(1)/librcutable-$(1).a $(COMMON_LIB)
	$$(CC) $$(CPPFLAGS_ALL) -Iimpls/$(1) $$(CFLAGS_ALL) bench/icount.c \
		$(B)/$(1)/librcutable-$(1).a $(COMMON_LIB) $$($(1)_LIBS) $$(LDFLAGS_ALL) -o $$@
endef
$(foreach i,$(IMPLS),$(eval $(call RCU_RULES,$(i))))

# An SRCU implementation's conformance suite: SRCU alone, no RCU flavor.
define SRCU_RULES
$(B)/$(1)/conformance: $(SRCU_CONFORMANCE_SRCS) $(SRCU_CONFORMANCE_HDRS) $(PUBLIC_HEADERS) \
		$$(wildcard impls/$(1)/*.h impls/common/*.h) $(B)/$(1)/librcutable-$(1).a $(COMMON_LIB)
	$$(CC) $$(CPPFLAGS_ALL) -Iimpls/$(1) -Iconformance $$(CFLAGS_ALL) \
		$(SRCU_CONFORMANCE_SRCS) \
		$(B)/$(1)/librcutable-$(1).a $(COMMON_LIB) $$($(1)_LIBS) \
		$$(LDFLAGS_ALL) $(CRITERION_LIBS) -o $$@

# The call_srcu() flood: flood.c on one SRCU domain.
$(B)/$(1)/flood: conformance/stress/flood.c $(PUBLIC_HEADERS) $$(wildcard impls/$(1)/*.h) \
		$(B)/$(1)/librcutable-$(1).a $(COMMON_LIB)
	$$(CC) $$(CPPFLAGS_ALL) -DFLOOD_SRCU -Iimpls/$(1) $$(CFLAGS_ALL) $$< \
		$(B)/$(1)/librcutable-$(1).a $(COMMON_LIB) $$($(1)_LIBS) $$(LDFLAGS_ALL) -o $$@

$(B)/$(1)/srcu-fork-churn: conformance/stress/srcu_fork_churn.c $(PUBLIC_HEADERS) \
		$$(wildcard impls/$(1)/*.h impls/common/*.h) $(B)/$(1)/librcutable-$(1).a $(COMMON_LIB)
	$$(CC) $$(CPPFLAGS_ALL) -Iimpls/$(1) $$(CFLAGS_ALL) $$< \
		$(B)/$(1)/librcutable-$(1).a $(COMMON_LIB) $$($(1)_LIBS) $$(LDFLAGS_ALL) -o $$@
endef
$(foreach i,$(SRCU_IMPLS),$(eval $(call SRCU_RULES,$(i))))

# An RCU Tasks implementation's conformance suite: Tasks alone, no RCU flavor.
define TASKS_RULES
$(B)/$(1)/conformance: $(TASKS_CONFORMANCE_SRCS) $(TASKS_CONFORMANCE_HDRS) $(PUBLIC_HEADERS) \
		$$(wildcard impls/$(1)/*.h impls/common/*.h) $(B)/$(1)/librcutable-$(1).a $(COMMON_LIB)
	$$(CC) $$(CPPFLAGS_ALL) -Iimpls/$(1) -Iconformance $$(CFLAGS_ALL) \
		$(TASKS_CONFORMANCE_SRCS) \
		$(B)/$(1)/librcutable-$(1).a $(COMMON_LIB) \
		$$(LDFLAGS_ALL) $(CRITERION_LIBS) -o $$@
endef
$(foreach i,$(TASKS_IMPLS),$(eval $(call TASKS_RULES,$(i))))

# The torture test of one implementation: TORTURE_RULES(impl, flavor) links
# conformance/torture/torture.c with the flavor's operations
# (torture_<flavor>.c).
TORTURE_HDRS := conformance/torture/torture.h
define TORTURE_RULES
$(B)/$(1)/torture: conformance/torture/torture.c conformance/torture/torture_$(2).c \
		$(TORTURE_HDRS) $(PUBLIC_HEADERS) $$(wildcard impls/$(1)/*.h impls/common/*.h) \
		$(B)/$(1)/librcutable-$(1).a $(COMMON_LIB)
	$$(CC) $$(CPPFLAGS_ALL) -Iimpls/$(1) $$(CFLAGS_ALL) conformance/torture/torture.c \
		conformance/torture/torture_$(2).c $(B)/$(1)/librcutable-$(1).a $(COMMON_LIB) \
		$$($(1)_LIBS) $$(LDFLAGS_ALL) -o $$@
endef
$(foreach i,$(IMPLS),$(eval $(call TORTURE_RULES,$(i),rcu)))
$(foreach i,$(SRCU_IMPLS),$(eval $(call TORTURE_RULES,$(i),srcu)))
$(foreach i,$(TASKS_IMPLS),$(eval $(call TORTURE_RULES,$(i),tasks)))

# A benchmark program: BENCH_PROGRAM(impl, source, program, cppflags)
# builds $(B)/impl/program from bench/source against impl's library.
define BENCH_PROGRAM
$(B)/$(1)/$(3): bench/$(2) $(BENCH_HDRS) $(PUBLIC_HEADERS) \
		$$(wildcard impls/$(1)/*.h impls/common/*.h) $(B)/$(1)/librcutable-$(1).a $(COMMON_LIB) $(BENCH_OBJS)
	$$(CC) $$(CPPFLAGS_ALL) -Iimpls/$(1) -Ibench $(4) $$(CFLAGS_ALL) -c bench/$(2) \
		-o $(B)/$(1)/obj/$(3).o
	$$(CXX) $(B)/$(1)/obj/$(3).o $(BENCH_OBJS) \
		$(B)/$(1)/librcutable-$(1).a $(COMMON_LIB) $$($(1)_LIBS) $(GBENCH_LIBS) \
		$(HWLOC_LIBS) $$(LDFLAGS_ALL) -o $$@
endef
$(foreach i,$(IMPLS),$(eval $(call BENCH_PROGRAM,$(i),bench.c,bench)))
$(foreach i,$(SRCU_IMPLS),$(eval $(call BENCH_PROGRAM,$(i),srcu_bench.c,bench)))
$(foreach i,$(TASKS_IMPLS),$(eval $(call BENCH_PROGRAM,$(i),tasks_bench.c,bench)))
# The hash table of the RCU List APIs, on every implementation and peer
# (not the busted controls: their tables would be freed under readers),
# and on a pthread_rwlock_t for the baseline.
$(foreach i,$(HASH_IMPLS),$(eval $(call BENCH_PROGRAM,$(i),hash_bench.c,hash-bench)))
$(foreach i,$(HASH_SRCU_IMPLS),$(eval $(call BENCH_PROGRAM,$(i),hash_bench.c,hash-bench,-DHASH_BENCH_SRCU)))
$(B)/bench/hash-rwlock: bench/hash_bench.c $(BENCH_HDRS) $(PUBLIC_HEADERS) $(BENCH_OBJS) $(COMMON_LIB)
	$(CC) -Iinclude -Ibench -DHASH_BENCH_RWLOCK $(CFLAGS_ALL) -c $< -o $(B)/bench/hash_rwlock.o
	$(CXX) $(B)/bench/hash_rwlock.o $(BENCH_OBJS) $(COMMON_LIB) $(GBENCH_LIBS) $(HWLOC_LIBS) \
		$(LDFLAGS_ALL) -o $@

# rcutable-choose (scripts/chooser/): every implementation's descriptor,
# printed by describe.c linked against each library, and the figures of
# results/ (emit_figures.c) are compiled in.
CHOOSE_IMPLS := $(IMPLS) $(SRCU_IMPLS) $(TASKS_IMPLS)
CHOOSE_SRCS := $(addprefix scripts/chooser/,choose_main.c choose_args.c choose_constraints.c \
	choose_figures.c choose_rank.c choose_explain.c choose_output.c choose_guide.c)
CHOOSE_HDRS := $(wildcard scripts/chooser/*.h)
JANSSON_LIBS := $(shell pkg-config --libs jansson 2>/dev/null || echo -ljansson)

define DESCRIBE_RULES
$(B)/$(1)/describe: scripts/chooser/describe.c include/rcutable/impl.h \
		$(B)/$(1)/librcutable-$(1).a $(COMMON_LIB)
	$$(CC) $$(CPPFLAGS_ALL) -DDESCRIBE_INFO=$(2) $$(CFLAGS_ALL) $$< \
		$(B)/$(1)/librcutable-$(1).a $(COMMON_LIB) $$($(1)_LIBS) $$(LDFLAGS_ALL) -o $$@
endef
$(foreach i,$(IMPLS),$(eval $(call DESCRIBE_RULES,$(i),rcutable_impl_info)))
$(foreach i,$(SRCU_IMPLS),$(eval $(call DESCRIBE_RULES,$(i),rcutable_srcu_impl_info)))
$(foreach i,$(TASKS_IMPLS),$(eval $(call DESCRIBE_RULES,$(i),rcutable_tasks_impl_info)))

$(B)/chooser/descriptors.c: $(foreach i,$(CHOOSE_IMPLS),$(B)/$(i)/describe)
	@mkdir -p $(@D)
	{ echo '/* Generated from each library by scripts/chooser/describe.c. */'; \
	  echo '#include "choose_rank.h"'; \
	  echo 'const struct rcutable_impl choose_impls[] = {'; \
	  for d in $^; do $$d || exit 1; done; \
	  echo '};'; \
	  echo 'const size_t choose_impl_count = sizeof(choose_impls) / sizeof(choose_impls[0]);'; \
	} > $@.tmp && mv $@.tmp $@

$(B)/chooser/emit-figures: scripts/chooser/emit_figures.c scripts/chooser/choose_figures.c \
		$(CHOOSE_HDRS)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS_ALL) -Iscripts/chooser $(CFLAGS_ALL) $(filter %.c,$^) \
		$(JANSSON_LIBS) -lm $(LDFLAGS_ALL) -o $@

$(B)/chooser/figures.c: $(B)/chooser/emit-figures $(wildcard results/*.json results/*.jsonl)
	$< results > $@.tmp && mv $@.tmp $@

$(B)/bin/rcutable-choose: $(CHOOSE_SRCS) $(CHOOSE_HDRS) $(B)/chooser/descriptors.c \
		$(B)/chooser/figures.c $(COMMON_LIB) $(PUBLIC_HEADERS)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS_ALL) -Iscripts/chooser $(CFLAGS_ALL) $(CHOOSE_SRCS) \
		$(B)/chooser/descriptors.c $(B)/chooser/figures.c $(COMMON_LIB) \
		$(JANSSON_LIBS) -lm $(LDFLAGS_ALL) -o $@

check:
	scripts/deps
	scripts/check

conformance: all
	scripts/conformance-matrix $(B) $(IMPLS) $(SRCU_IMPLS) $(TASKS_IMPLS)

results:
	scripts/deps
	scripts/run-all

DURATION ?= 20
torture:
	scripts/deps
	scripts/torture $(DURATION)

soak:
	scripts/deps
	scripts/soak $(SOAK)

RUNS ?= 10000
fork-churn:
	scripts/deps
	scripts/fork-churn $(RUNS)

models:
	scripts/deps
	scripts/check-models

install: all
	install -d $(DESTDIR)$(PREFIX)/include/rcutable/impls/common \
		$(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(B)/bin/rcutable-choose $(DESTDIR)$(PREFIX)/bin/
	install -m 644 $(PUBLIC_HEADERS) $(DESTDIR)$(PREFIX)/include/rcutable/
	install -m 644 $(INSTALLED_COMMON_HEADERS) \
		$(DESTDIR)$(PREFIX)/include/rcutable/impls/common/
	install -m 644 $(COMMON_LIB) $(DESTDIR)$(PREFIX)/lib/
	set -e; for i in $(INSTALL_IMPLS); do \
		install -d $(DESTDIR)$(PREFIX)/include/rcutable/impls/$$i; \
		for h in impls/$$i/*_impl.h; do \
			[ ! -e $$h ] || install -m 644 $$h $(DESTDIR)$(PREFIX)/include/rcutable/impls/$$i/; \
		done; \
		install -m 644 $(B)/$$i/librcutable-$$i.a $(DESTDIR)$(PREFIX)/lib/; \
		scripts/gen-pc --installed $$i "$(PREFIX)" "$(PREFIX)" "$(VARIANT_CPPFLAGS)" \
			> $(DESTDIR)$(PREFIX)/lib/pkgconfig/rcutable-$$i.pc; \
	done

print-impls:
	@echo $(IMPLS)

print-srcu-impls:
	@echo $(SRCU_IMPLS)

print-tasks-impls:
	@echo $(TASKS_IMPLS)

clean:
	rm -rf build build-debug build-asan
