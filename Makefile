# rcutable: the 2019 RCU API table, made real in user space.
#
#   make                 build every implementation into build/<impl>/
#   make WERROR=1        warnings as errors (make check and CI set it)
#   make DEBUG=1         the checking variant, into build-debug/
#   make SAN=1           AddressSanitizer + UBSan, into build-asan/
#   make TSAN=1          ThreadSanitizer, into build-tsan/ (rcutable/read/tsan.h)
#   make check           scripts/deps, then every test; ends "N passed, N failed"
#   make conformance     the implementation x test-group matrix
#   make results         the main job (benchmarks, plots, RESULTS.md)
#   make torture         the torture test of every implementation (DURATION=20 s each)
#   make soak            torture of every rcutable implementation with floods (SOAK=3600 s in all)
#   make fork-churn      the SRCU fork-churn program of every build, RUNS=10000 runs in all
#   make models          spin on the Promela models of the grace periods
#   make install PREFIX=/usr/local     (make uninstall PREFIX=... removes it)
#   make scaling-kit     build-kit/rcutable-scaling-kit.tar.xz: the benchmarks
#                        that scale, linked statically, to run anywhere (kit/)

# The layers, top down (docs/DESIGN.md):
#   impls/<impl>/          one implementation each: own, peer or negative control
#   lib/counter/, lib/srcu/, lib/peer/, lib/control/
#                          the machinery a family of implementations shares
#   lib/engine/            the callback engine and the platform under them all
#   include/rcutable/      the public API; include/rcutable/read/ the
#                          installed implementations' inline read sides and
#                          the parts they share, installed with it
# Private code includes "<layer>/<file>.h" (-Ilib).  An implementation's
# inline read side is rcutable/read/<id>.h (id: its name with _ for -),
# chosen by -DRCUTABLE_RCU_IMPL=<id> or -DRCUTABLE_SRCU_IMPL=<id>
# (rcupdate.h, srcu.h): in include/rcutable/read/ for an installed one,
# else its folder's rcu_impl.h or srcu_impl.h, staged in $(B)/include.

PREFIX ?= /usr/local
VERSION := 0.1.0

# Shared libraries: each installed implementation's and the common one,
# librcutable-<name>.so.$(ABI) (its soname), from objects compiled again as
# position-independent code, with the thread-local reader state in the
# initial-exec model, as a library loaded at start-up may (a load from the
# GOT, no call).  ABI: the version of the interface that the installed
# headers compile into programs (docs/API.md, "Shared libraries").
ABI := 1
PIC_FLAGS := -fPIC -ftls-model=initial-exec
so_name = librcutable-$(1).so.$(ABI)
CC ?= cc
CXX ?= c++

# librcutable-common.a: the engine, and the SRCU family's domains.
COMMON_SRCS := $(addprefix lib/engine/,diag.c cbq.c irq.c wait_gp.c sigmask.c membarrier.c \
	gp_funnel.c api_names.c poll_head.c) \
	$(addprefix lib/srcu/,srcu_domain.c srcu_check.c srcu_lifecycle.c)

# What the peers' manifests use: one adapter (peer_adapter.c) over each
# peer's side, liburcu's compiled once per flavor (lib/peer/liburcu_reader.h).
LIBURCU_ADAPTER_SRCS := lib/peer/peer_adapter.c lib/peer/liburcu_side.c
liburcu_cppflags = -DRCUTABLE_URCU_FLAVOR=$(1) -DRCUTABLE_URCU_FLAVOR_NAME='"$(1)"' \
	-DRCUTABLE_URCU_HEADER='<urcu/urcu-$(1).h>'
# The scaling kit's variant (KIT=1) links statically: each library's own.
PKG_LIBS = pkg-config $(if $(filter 1,$(KIT)),--static) --libs
liburcu_libs = $(shell $(PKG_LIBS) liburcu-$(1) 2>/dev/null || echo -lurcu-$(1) -lurcu-common)
ck_libs := $(shell $(PKG_LIBS) ck 2>/dev/null || echo -lck)

# ---- The implementations: one folder each, with its manifest, impl.mk.
#
# A manifest sets, for $(impl) (its folder's name) and with $(here) its
# folder's path: _KIND (own, peer or control), _COLUMN (rcu, srcu or tasks),
# _SRCS, _CPPFLAGS and _LIBS if any, _READ (the installed read side it uses,
# rcutable/read/<_READ>.h, if its folder has none), _INSTALLED (yes or no),
# _COUNTERPART (an own implementation's like-for-like peer, whose figures
# RESULTS.md sets beside its own) and _PACKAGES (the Debian packages its build
# needs beyond scripts/deps' base).  docs/DESIGN.md, "Manifests".
MANIFESTS := $(wildcard impls/*/impl.mk)
ALL_IMPLS := $(sort $(MANIFESTS:impls/%/impl.mk=%))
$(foreach m,$(MANIFESTS),$(eval impl := $(m:impls/%/impl.mk=%))$(eval here := impls/$(impl)/)\
	$(eval include $(m)))
$(foreach i,$(ALL_IMPLS),\
	$(if $(filter own peer control,$($(i)_KIND)),,$(error impls/$(i)/impl.mk: $(i)_KIND is \
		"$($(i)_KIND)": it must be own, peer or control))\
	$(if $(filter rcu srcu tasks,$($(i)_COLUMN)),,$(error impls/$(i)/impl.mk: $(i)_COLUMN is \
		"$($(i)_COLUMN)": it must be rcu, srcu or tasks))\
	$(if $($(i)_SRCS),,$(error impls/$(i)/impl.mk: $(i)_SRCS is empty)))

# The implementations of column $(1) and kind $(2) (all kinds if empty):
# own ones, then the controls, then the peers.
impls_of = $(foreach k,$(or $(2),own control peer),\
	$(foreach i,$(ALL_IMPLS),$(if $(and $(filter $(1),$($(i)_COLUMN)),$(filter $(k),$($(i)_KIND))),$(i))))
IMPLS := $(strip $(call impls_of,rcu))
# What every RCU implementation compiles beside its manifest's sources: the
# API built over an implementation's own primitives (lib/api/: the polled
# start, the expedite control, the one-argument kfree_rcu(), rcu_sync).
RCU_API_SRCS := $(addprefix lib/api/,poll_start.c expedite.c free_mightsleep.c rcu_sync.c)
$(foreach i,$(IMPLS),$(eval $(i)_SRCS += $(RCU_API_SRCS)))
SRCU_IMPLS := $(strip $(call impls_of,srcu))
# What every SRCU implementation compiles beside its sources: RCU Tasks
# Trace, one SRCU domain of the library's (lib/srcu/tasks_trace.c).
SRCU_API_SRCS := lib/srcu/tasks_trace.c
$(foreach i,$(SRCU_IMPLS),$(eval $(i)_SRCS += $(SRCU_API_SRCS)))
TASKS_IMPLS := $(strip $(call impls_of,tasks))
INSTALL_IMPLS := $(strip $(foreach i,$(IMPLS) $(SRCU_IMPLS) $(TASKS_IMPLS),$(if $(filter yes,$($(i)_INSTALLED)),$(i))))
# The hash-table benchmark's implementations: all but the controls.
HASH_IMPLS := $(strip $(call impls_of,rcu,own peer))
HASH_SRCU_IMPLS := $(strip $(call impls_of,srcu,own peer))

# Each implementation's identifier and the -D flag that chooses its read
# side (RCU Tasks has none): the installed one its manifest names (_READ),
# or its own, kept in its folder and staged.
impl_id = $(subst -,_,$(1))
read_id = $(or $($(1)_READ),$(call impl_id,$(1)))
$(foreach i,$(IMPLS),$(eval $(i)_SELECT := -DRCUTABLE_RCU_IMPL=$(call read_id,$(i))) \
	$(eval $(i)_READ_SIDE := $(wildcard impls/$(i)/rcu_impl.h)))
$(foreach i,$(SRCU_IMPLS),$(eval $(i)_SELECT := -DRCUTABLE_SRCU_IMPL=$(call read_id,$(i))) \
	$(eval $(i)_READ_SIDE := $(wildcard impls/$(i)/srcu_impl.h)))
# The other installed read sides of an implementation's column, for its
# update side's link-time warnings (lib/engine/read_side_guard.h): each
# identifier once, named by the first installed implementation that uses it.
column_read_ids = $(sort $(foreach o,$(INSTALL_IMPLS),$(if $(filter $(1),$($(o)_COLUMN)),$(call read_id,$(o)))))
impl_of_read_id = $(firstword $(foreach o,$(INSTALL_IMPLS),$(if $(filter $(1),$(call read_id,$(o))),$(o))))
other_read_sides = $(strip $(foreach id,$(filter-out $(call read_id,$(1)),$(call column_read_ids,$($(1)_COLUMN))),\
	X($(id),"$(call impl_of_read_id,$(id))")))
$(foreach i,$(IMPLS) $(SRCU_IMPLS),$(eval $(i)_GUARD := \
	-DRCUTABLE_OTHER_READ_SIDES='$(call other_read_sides,$(i))'))
staged_read_side = $(if $($(1)_READ_SIDE),$(B)/include/rcutable/read/$(call impl_id,$(1)).h)

CONFORMANCE_SRCS := $(wildcard conformance/*.c)
# The SRCU suite uses the harness alone: no RCU flavor is linked.
SRCU_CONFORMANCE_SRCS := $(wildcard conformance/srcu/*.c) conformance/harness.c
# So does the RCU Tasks suite.
TASKS_CONFORMANCE_SRCS := $(wildcard conformance/tasks/*.c) conformance/harness.c

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
else ifeq ($(KIT),1)
B := build-kit
VARIANT_CPPFLAGS :=
VARIANT_CFLAGS := -O2
VARIANT_LDFLAGS := -static
else
B := build
VARIANT_CPPFLAGS :=
VARIANT_CFLAGS := -O2
endif

# -Werror only where asked (WERROR=1: make check and CI set it), so that a
# newer compiler's new warning does not break a user's build.
WARN := -Wall -Wextra $(if $(filter 1,$(WERROR)),-Werror)
CFLAGS_ALL := -std=gnu11 -g $(VARIANT_CFLAGS) $(WARN) -pthread $(CFLAGS)
CPPFLAGS_ALL := -I$(B)/include -Iinclude -Ilib $(VARIANT_CPPFLAGS) $(CPPFLAGS)
# Tests and benchmarks: testing/testing.h, the one header they share.
TESTING_CPPFLAGS := -Itesting
LDFLAGS_ALL := -pthread $(VARIANT_LDFLAGS) $(LDFLAGS)
CRITERION_LIBS := $(shell pkg-config --libs criterion 2>/dev/null || echo -lcriterion)
ifeq ($(KIT),1)
# Debian has no static Google Benchmark: scripts/deps builds one from its
# source package.  libudev has no static library: hwloc goes without it
# (kit/udev_absent.c, linked into each kit program below).
KIT_GBENCH_A ?= /usr/local/lib/rcutable-kit/libbenchmark.a
GBENCH_LIBS := $(KIT_GBENCH_A)
HWLOC_LIBS := -lhwloc -lm
else
GBENCH_LIBS := $(shell pkg-config --libs benchmark 2>/dev/null || echo -lbenchmark)
HWLOC_LIBS := $(shell pkg-config --libs hwloc 2>/dev/null || echo -lhwloc)
endif
JANSSON_LIBS := $(shell pkg-config --libs jansson 2>/dev/null || echo -ljansson)

PUBLIC_HEADERS := $(wildcard include/rcutable/*.h)
READ_HEADERS := $(wildcard include/rcutable/read/*.h)
COMMON_LIB := $(B)/common/librcutable-common.a
COMMON_OBJS := $(patsubst lib/%.c,$(B)/common/%.o,$(COMMON_SRCS))

.PHONY: all check conformance results torture soak fork-churn models install uninstall clean print-impls print-srcu-impls \
	print-tasks-impls print-manifest
all: $(foreach i,$(IMPLS),$(B)/$(i)/librcutable-$(i).a $(B)/$(i)/conformance \
	$(B)/$(i)/bench $(B)/$(i)/icount $(B)/pkgconfig/rcutable-$(i).pc) \
	$(foreach i,$(SRCU_IMPLS),$(B)/$(i)/librcutable-$(i).a $(B)/$(i)/conformance \
	$(B)/$(i)/bench $(B)/$(i)/srcu-fork-churn $(B)/pkgconfig/rcutable-$(i).pc) \
	$(foreach i,$(TASKS_IMPLS),$(B)/$(i)/librcutable-$(i).a $(B)/$(i)/conformance \
	$(B)/pkgconfig/rcutable-$(i).pc) $(B)/tasks/bench \
	$(foreach i,$(HASH_IMPLS) $(HASH_SRCU_IMPLS),$(B)/$(i)/hash-bench) $(B)/bench/hash-rwlock \
	$(B)/bench/test-gbench $(B)/bench/test-placement $(B)/bench/machine-probe \
	$(foreach i,$(IMPLS) $(SRCU_IMPLS) $(TASKS_IMPLS),$(B)/$(i)/torture) \
	$(foreach i,$(IMPLS) $(SRCU_IMPLS),$(B)/$(i)/flood) $(B)/bin/rcutable-choose \
	$(foreach i,$(INSTALL_IMPLS),$(B)/$(i)/$(call so_name,$(i))) \
	$(foreach i,$(filter $(INSTALL_IMPLS),$(IMPLS)),$(B)/$(i)/icount-shared $(B)/$(i)/bench-shared \
		$(B)/$(i)/librcutable-$(i)-urcu.a $(B)/$(i)/$(call so_name,$(i)-urcu) \
		$(B)/pkgconfig/rcutable-$(i)-urcu.pc)

# ---- Compiling: every object has its header dependencies in a .d beside it.

DEPFLAGS := -MMD -MP
COMPILE = $(CC) $(CPPFLAGS_ALL) $(OBJ_CPPFLAGS) $(CFLAGS_ALL) $(DEPFLAGS) -c $< -o $@

$(B)/common/%.o: lib/%.c
	@mkdir -p $(@D)
	$(COMPILE)

$(COMMON_LIB): $(COMMON_OBJS)
	rm -f $@ && ar rcs $@ $^

# ---- Shared libraries (ABI, PIC_FLAGS, so_name: above).
COMMON_SO := $(B)/common/$(call so_name,common)
$(B)/common/pic/%.o: lib/%.c
	@mkdir -p $(@D)
	$(COMPILE) $(PIC_FLAGS)
$(COMMON_SO): $(patsubst lib/%.c,$(B)/common/pic/%.o,$(COMMON_SRCS))
	$(CC) -shared -Wl,-soname,$(call so_name,common) $^ $(LDFLAGS_ALL) -o $@

# The benchmarks' shared objects, and the Google Benchmark shim: C
# benchmarks, one C++ file.
$(B)/bench/%.o: OBJ_CPPFLAGS := $(TESTING_CPPFLAGS)
$(B)/bench/%.o: bench/%.c
	@mkdir -p $(@D)
	$(COMPILE)

$(B)/bench/gbench.o: bench/gbench.cc
	@mkdir -p $(@D)
	$(CXX) -std=c++17 -g $(VARIANT_CFLAGS) $(WARN) -pthread $(DEPFLAGS) -c $< -o $@

$(B)/bench/hash_rwlock.o: OBJ_CPPFLAGS := $(TESTING_CPPFLAGS) -DHASH_BENCH_RWLOCK
$(B)/bench/hash_rwlock.o: bench/hash_bench.c
	@mkdir -p $(@D)
	$(COMPILE)

BENCH_OBJS := $(B)/bench/gbench.o $(B)/bench/placement.o $(B)/bench/harness.o

# An implementation's objects: its sources, and the tests and benchmarks
# built against it, with its read side chosen and staged, and its name
# (RCUTABLE_IMPL_NAME, the descriptor's) from its folder's.
define IMPL_OBJECTS
$(B)/$(1)/obj/%.o: %.c | $(call staged_read_side,$(1))
	@mkdir -p $$(@D)
	$$(COMPILE) -DRCUTABLE_IMPL_NAME='"$(1)"' $$($(1)_SELECT) $$($(1)_GUARD) $$($(1)_CPPFLAGS)
$(B)/$(1)/pic/%.o: %.c | $(call staged_read_side,$(1))
	@mkdir -p $$(@D)
	$$(COMPILE) -DRCUTABLE_IMPL_NAME='"$(1)"' $$($(1)_SELECT) $$($(1)_GUARD) $$($(1)_CPPFLAGS) $(PIC_FLAGS)
$(B)/$(1)/obj/conformance/%.o: OBJ_CPPFLAGS := -Iconformance $(TESTING_CPPFLAGS)
$(B)/$(1)/obj/bench/%.o: OBJ_CPPFLAGS := -Ibench $(TESTING_CPPFLAGS)
endef
$(foreach i,$(IMPLS) $(SRCU_IMPLS) $(TASKS_IMPLS),$(eval $(call IMPL_OBJECTS,$(i))))

# A staged read side: a link to the header in the implementation's folder.
define STAGE_READ_SIDE
$(call staged_read_side,$(1)): $($(1)_READ_SIDE)
	@mkdir -p $$(@D)
	ln -sfn ../../../../$$< $$@
endef
$(foreach i,$(IMPLS) $(SRCU_IMPLS),$(if $($(i)_READ_SIDE),$(eval $(call STAGE_READ_SIDE,$(i)))))

# ---- Linking: one rule for every program.

# PROGRAM(path, objects and libraries, other libraries[, linker])
PROGRAMS :=
define PROGRAM
PROGRAMS += $(1)
$(1): $(2)
$(1): PROGRAM_LIBS = $(3)
$(1): LINKER = $(if $(4),$(4),$$(CC))
endef

# ---- Per implementation: its library, pkg-config file and programs.

objs = $(patsubst %.c,$(B)/$(1)/obj/%.o,$(2))
impl_libs = $(B)/$(1)/librcutable-$(1).a $(COMMON_LIB)

define LIB_RULES
$(B)/$(1)/librcutable-$(1).a: $(call objs,$(1),$($(1)_SRCS))
	rm -f $$@ && ar rcs $$@ $$^

$(B)/$(1)/$(call so_name,$(1)): $(patsubst %.c,$(B)/$(1)/pic/%.o,$($(1)_SRCS)) $(COMMON_SO)
	$$(CC) -shared -Wl,-soname,$(call so_name,$(1)) $$^ $$($(1)_LIBS) $(LDFLAGS_ALL) -o $$@

$(B)/pkgconfig/rcutable-$(1).pc: Makefile scripts/gen-pc | $(call staged_read_side,$(1))
	@mkdir -p $$(@D)
	VERSION=$(VERSION) scripts/gen-pc $(1) "$(CURDIR)" "$(CURDIR)/$(B)" "$(VARIANT_CPPFLAGS) $$($(1)_SELECT)" \
		"$$($(1)_LIBS)" > $$@

$(call PROGRAM,$(B)/$(1)/torture,$(call objs,$(1),conformance/torture/torture.c \
	conformance/torture/torture_$(2).c) $(call impl_libs,$(1)),$$($(1)_LIBS))
$(call PROGRAM,$(B)/$(1)/describe,$(call objs,$(1),chooser/describe.c) \
	$(call impl_libs,$(1)),$$($(1)_LIBS))
$(B)/$(1)/obj/chooser/describe.o: OBJ_CPPFLAGS := -DDESCRIBE_INFO=$(3)
endef
$(foreach i,$(IMPLS),$(eval $(call LIB_RULES,$(i),rcu,rcutable_impl_info)))
$(foreach i,$(SRCU_IMPLS),$(eval $(call LIB_RULES,$(i),srcu,rcutable_srcu_impl_info)))
$(foreach i,$(TASKS_IMPLS),$(eval $(call LIB_RULES,$(i),tasks,rcutable_tasks_impl_info)))

# A conformance suite, a benchmark program over the shim, a flood.
conformance_program = $(call PROGRAM,$(B)/$(1)/conformance,$(call objs,$(1),$(2)) \
	$(call impl_libs,$(1)),$$($(1)_LIBS) $(CRITERION_LIBS))
bench_program = $(call PROGRAM,$(B)/$(1)/$(3),$(call objs,$(1),bench/$(2)) $(BENCH_OBJS) \
	$(call impl_libs,$(1)),$$($(1)_LIBS) $(GBENCH_LIBS) $(HWLOC_LIBS),$(CXX))
single_program = $(call PROGRAM,$(B)/$(1)/$(2),$(call objs,$(1),$(3)) $(call impl_libs,$(1)),$$($(1)_LIBS))

# An RCU implementation: the suite, its instruction count and flood.
define RCU_RULES
$(call conformance_program,$(1),$(CONFORMANCE_SRCS))
$(call single_program,$(1),flood,conformance/stress/flood.c)
$(call single_program,$(1),icount,bench/icount.c)
$(call bench_program,$(1),bench.c,bench)
endef
$(foreach i,$(IMPLS),$(eval $(call RCU_RULES,$(i))))

# An installed RCU implementation's instruction count and benchmark over
# its shared library (the same objects; the libraries found where they were
# built, through DT_RPATH, which also serves the libraries that
# librcutable-<impl>.so needs): IMPL.so in scripts/count-instructions and
# RESULTS.md.
shared_rpath = -Wl,--disable-new-dtags,-rpath,$(CURDIR)/$(B)/$(1):$(CURDIR)/$(B)/common
define SHARED_RULES
$(call PROGRAM,$(B)/$(1)/icount-shared,$(call objs,$(1),bench/icount.c) \
	$(B)/$(1)/$(call so_name,$(1)) $(COMMON_SO),$$($(1)_LIBS) $$(call shared_rpath,$(1)))
$(call PROGRAM,$(B)/$(1)/bench-shared,$(call objs,$(1),bench/bench.c) $(BENCH_OBJS) \
	$(B)/$(1)/$(call so_name,$(1)) $(COMMON_SO),$$($(1)_LIBS) $(GBENCH_LIBS) $(HWLOC_LIBS) \
	$$(call shared_rpath,$(1)),$(CXX))
endef
$(foreach i,$(filter $(INSTALL_IMPLS),$(IMPLS)),$(eval $(call SHARED_RULES,$(i))))

# liburcu's API over an installed RCU implementation: lib/compat/liburcu.c,
# compiled once per implementation into librcutable-<impl>-urcu (static
# and shared), with the headers of include/rcutable/liburcu/ (and
# liburcu-dev's that no flavor owns), and rcutable-<impl>-urcu.pc
# (docs/LIBURCU.md).
URCU_IMPLS := $(filter $(INSTALL_IMPLS),$(IMPLS))
URCU_HEADERS := $(wildcard include/rcutable/liburcu/*.h)
URCU_SUBHEADERS := $(wildcard include/rcutable/liburcu/urcu/*.h)
define URCU_RULES
$(B)/$(1)/obj/lib/compat/%.o $(B)/$(1)/pic/lib/compat/%.o: OBJ_CPPFLAGS := -Iinclude/rcutable/liburcu
$(B)/$(1)/librcutable-$(1)-urcu.a: $(B)/$(1)/obj/lib/compat/liburcu.o
	rm -f $$@ && ar rcs $$@ $$^
$(B)/$(1)/$(call so_name,$(1)-urcu): $(B)/$(1)/pic/lib/compat/liburcu.o $(B)/$(1)/$(call so_name,$(1)) $(COMMON_SO)
	$$(CC) -shared -Wl,-soname,$(call so_name,$(1)-urcu) $$^ $(LDFLAGS_ALL) -o $$@
$(B)/pkgconfig/rcutable-$(1)-urcu.pc: Makefile scripts/gen-pc
	@mkdir -p $$(@D)
	VERSION=$(VERSION) scripts/gen-pc --urcu $(1) "$(CURDIR)" "$(CURDIR)/$(B)" \
		"$(VARIANT_CPPFLAGS) $$($(1)_SELECT)" "$$($(1)_LIBS)" > $$@
endef
$(foreach i,$(URCU_IMPLS),$(eval $(call URCU_RULES,$(i))))

# An SRCU implementation: its suite (SRCU alone, no RCU flavor), the
# call_srcu() flood (flood.c on one SRCU domain), the fork churn.
define SRCU_RULES
$(call conformance_program,$(1),$(SRCU_CONFORMANCE_SRCS))
$(call single_program,$(1),flood,conformance/stress/flood.c)
$(B)/$(1)/obj/conformance/stress/flood.o: OBJ_CPPFLAGS := -Iconformance $(TESTING_CPPFLAGS) -DFLOOD_SRCU
$(call single_program,$(1),srcu-fork-churn,conformance/stress/srcu_fork_churn.c)
$(call bench_program,$(1),srcu_bench.c,bench)
endef
$(foreach i,$(SRCU_IMPLS),$(eval $(call SRCU_RULES,$(i))))

# An RCU Tasks implementation: its suite, Tasks alone.
$(foreach i,$(TASKS_IMPLS),$(eval $(call conformance_program,$(i),$(TASKS_CONFORMANCE_SRCS))))
$(eval $(call bench_program,tasks,tasks_bench.c,bench))

# The hash table of the RCU List APIs, on every implementation and peer
# (not the busted controls: their tables would be freed under readers),
# and on a pthread_rwlock_t for the baseline.
$(foreach i,$(HASH_IMPLS) $(HASH_SRCU_IMPLS),$(eval $(call bench_program,$(i),hash_bench.c,hash-bench)))
$(foreach i,$(HASH_SRCU_IMPLS),$(eval $(B)/$(i)/obj/bench/hash_bench.o: OBJ_CPPFLAGS := -Ibench $(TESTING_CPPFLAGS) -DHASH_BENCH_SRCU))
$(eval $(call PROGRAM,$(B)/bench/hash-rwlock,$(B)/bench/hash_rwlock.o $(BENCH_OBJS) $(COMMON_LIB),\
	$(GBENCH_LIBS) $(HWLOC_LIBS),$(CXX)))
$(eval $(call PROGRAM,$(B)/bench/machine-probe,$(B)/bench/machine_probe.o))
$(eval $(call PROGRAM,$(B)/bench/test-gbench,$(B)/bench/test_gbench.o $(B)/bench/gbench.o,$(GBENCH_LIBS),$(CXX)))
$(eval $(call PROGRAM,$(B)/bench/test-placement,$(B)/bench/test_placement.o $(B)/bench/placement.o,\
	$(HWLOC_LIBS) $(CRITERION_LIBS)))

# rcutable-choose (chooser/): every implementation's descriptor,
# printed by describe.c linked against each library, and the figures of
# results/ (emit_figures.c) are compiled in.
CHOOSE_IMPLS := $(IMPLS) $(SRCU_IMPLS) $(TASKS_IMPLS)
CHOOSE_OBJS := $(patsubst %,$(B)/chooser/%.o,choose_main choose_args choose_constraints \
	choose_figures choose_rank choose_explain choose_output choose_guide)

$(B)/chooser/%.o: OBJ_CPPFLAGS := -Ichooser -DRCUTABLE_VERSION='"$(VERSION)"'
$(B)/chooser/%.o: chooser/%.c
	@mkdir -p $(@D)
	$(COMPILE)
$(B)/chooser/%.o: $(B)/chooser/%.c
	$(COMPILE)

$(B)/chooser/descriptors.c: $(foreach i,$(CHOOSE_IMPLS),$(B)/$(i)/describe)
	@mkdir -p $(@D)
	{ echo '/* Generated from each library by chooser/describe.c. */'; \
	  echo '#include "choose_rank.h"'; \
	  echo 'const struct rcutable_impl choose_impls[] = {'; \
	  for d in $^; do $$d || exit 1; done; \
	  echo '};'; \
	  echo 'const size_t choose_impl_count = sizeof(choose_impls) / sizeof(choose_impls[0]);'; \
	} > $@.tmp && mv $@.tmp $@

$(eval $(call PROGRAM,$(B)/chooser/emit-figures,$(B)/chooser/emit_figures.o \
	$(B)/chooser/choose_figures.o,$(JANSSON_LIBS) -lm))

$(B)/chooser/figures.c: $(B)/chooser/emit-figures $(wildcard results/figures.tsv)
	$< results > $@.tmp && mv $@.tmp $@

$(eval $(call PROGRAM,$(B)/bin/rcutable-choose,$(CHOOSE_OBJS) $(B)/chooser/descriptors.o \
	$(B)/chooser/figures.o $(COMMON_LIB),$(JANSSON_LIBS) -lm))

# The one link rule.
$(PROGRAMS):
	@mkdir -p $(@D)
	$(LINKER) $(filter %.o %.a %.so.$(ABI),$^) $(PROGRAM_LIBS) $(LDFLAGS_ALL) -o $@

-include $(shell find $(B) -name '*.d' 2>/dev/null)

# ---- The scaling kit (kit/): every own implementation's and peer's
# benchmarks of the rows that scale, in the KIT=1 variant (static), packed
# with kit/run by scripts/make-kit.
KIT_PROGRAMS := $(foreach i,$(HASH_IMPLS) $(HASH_SRCU_IMPLS),$(B)/$(i)/bench $(B)/$(i)/hash-bench) \
	$(B)/bench/hash-rwlock
$(B)/kit/%.o: kit/%.c
	@mkdir -p $(@D)
	$(COMPILE)
ifeq ($(KIT),1)
$(KIT_PROGRAMS): $(B)/kit/udev_absent.o $(KIT_GBENCH_A)
$(KIT_GBENCH_A):
	@echo "make: $@ is missing: run scripts/deps as root, which builds Google" \
		"Benchmark's static library from Debian's source package" >&2; exit 1
endif
.PHONY: scaling-kit kit-programs print-kit-impls
kit-programs: $(KIT_PROGRAMS)
print-kit-impls:
	@echo $(HASH_IMPLS) $(HASH_SRCU_IMPLS)
scaling-kit:
	scripts/deps
	scripts/make-kit

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

# Installs include/rcutable/, each installed implementation's libraries
# (static, and shared with its soname and the development link) and .pc
# file, the common library, rcutable-choose with its man page, and the
# README and docs/API.md; nothing of impls/ or lib/.  uninstall removes
# exactly that.
INC_DIR = $(DESTDIR)$(PREFIX)/include/rcutable
LIB_DIR = $(DESTDIR)$(PREFIX)/lib
DOC_DIR = $(DESTDIR)$(PREFIX)/share/doc/rcutable
MAN_DIR = $(DESTDIR)$(PREFIX)/share/man/man1
install_lib = install -m 644 $(dir $(1))librcutable-$(2).a $(LIB_DIR)/ && \
	install -m 644 $(1) $(LIB_DIR)/ && ln -sfn $(notdir $(1)) $(LIB_DIR)/librcutable-$(2).so
install_impl = $(call install_lib,$(B)/$(1)/$(call so_name,$(1)),$(1)) && \
	VERSION=$(VERSION) scripts/gen-pc --installed $(1) "$(PREFIX)" "$(PREFIX)" \
		"$(VARIANT_CPPFLAGS) $($(1)_SELECT)" > $(LIB_DIR)/pkgconfig/rcutable-$(1).pc
install_urcu = $(call install_lib,$(B)/$(1)/$(call so_name,$(1)-urcu),$(1)-urcu) && \
	VERSION=$(VERSION) scripts/gen-pc --installed --urcu $(1) "$(PREFIX)" "$(PREFIX)" \
		"$(VARIANT_CPPFLAGS) $($(1)_SELECT)" > $(LIB_DIR)/pkgconfig/rcutable-$(1)-urcu.pc
$(B)/man/rcutable-choose.1: $(B)/bin/rcutable-choose
	@mkdir -p $(@D)
	help2man --no-info --version-string=$(VERSION) \
		--name="choose an RCU implementation from measured figures" $< > $@.tmp && mv $@.tmp $@
install: all $(B)/man/rcutable-choose.1
	install -d $(INC_DIR)/read $(LIB_DIR)/pkgconfig $(DESTDIR)$(PREFIX)/bin $(DOC_DIR) $(MAN_DIR)
	install -m 755 $(B)/bin/rcutable-choose $(DESTDIR)$(PREFIX)/bin/
	install -m 644 $(B)/man/rcutable-choose.1 $(MAN_DIR)/
	install -m 644 README.md docs/API.md docs/LIBURCU.md $(DOC_DIR)/
	install -m 644 $(PUBLIC_HEADERS) $(INC_DIR)/
	install -m 644 $(READ_HEADERS) $(INC_DIR)/read/
	install -d $(INC_DIR)/liburcu/urcu
	install -m 644 $(URCU_HEADERS) $(INC_DIR)/liburcu/
	install -m 644 $(URCU_SUBHEADERS) $(INC_DIR)/liburcu/urcu/
	$(call install_lib,$(COMMON_SO),common)
	$(foreach i,$(INSTALL_IMPLS),$(call install_impl,$(i)) && ) true
	$(foreach i,$(URCU_IMPLS),$(call install_urcu,$(i)) && ) true
uninstall:
	rm -rf $(INC_DIR) $(DOC_DIR)
	rm -f $(DESTDIR)$(PREFIX)/bin/rcutable-choose $(MAN_DIR)/rcutable-choose.1
	rm -f $(foreach i,common $(INSTALL_IMPLS) $(URCU_IMPLS:%=%-urcu),$(LIB_DIR)/librcutable-$(i).a \
		$(LIB_DIR)/librcutable-$(i).so $(LIB_DIR)/$(call so_name,$(i)) \
		$(LIB_DIR)/pkgconfig/rcutable-$(i).pc)

print-impls:
	@echo $(IMPLS)

# One line per implementation: name kind column installed counterpart (or -).
print-manifest:
	@$(foreach i,$(IMPLS) $(SRCU_IMPLS) $(TASKS_IMPLS),\
		echo '$(i) $($(i)_KIND) $($(i)_COLUMN) $(or $($(i)_INSTALLED),no) $(or $($(i)_COUNTERPART),-)';)

print-srcu-impls:
	@echo $(SRCU_IMPLS)

print-tasks-impls:
	@echo $(TASKS_IMPLS)

clean:
	rm -rf build build-debug build-asan build-tsan
