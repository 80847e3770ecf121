// SPDX-License-Identifier: MIT
/*
 * bench/test_placement.c: the placement planner on hwloc synthetic
 * topologies, so that big machines' plans are checked on a small one.
 */
#include <criterion/criterion.h>

#include "placement.h"

static hwloc_topology_t synthetic(const char *desc)
{
	hwloc_topology_t t;

	cr_assert_eq(hwloc_topology_init(&t), 0);
	cr_assert_eq(hwloc_topology_set_synthetic(t, desc), 0, "bad synthetic: %s", desc);
	cr_assert_eq(hwloc_topology_load(t), 0);
	return t;
}

/* The package, core and PU-in-core of the PU with OS index pu. */
static void where(hwloc_topology_t t, unsigned pu, unsigned *pkg, unsigned *core,
		  unsigned *smt)
{
	hwloc_obj_t o = hwloc_get_pu_obj_by_os_index(t, pu);
	hwloc_obj_t c = hwloc_get_ancestor_obj_by_type(t, HWLOC_OBJ_CORE, o);
	hwloc_obj_t p = hwloc_get_ancestor_obj_by_type(t, HWLOC_OBJ_PACKAGE, o);

	cr_assert(o && c && p);
	*pkg = p->logical_index;
	*core = c->logical_index;
	*smt = o->sibling_rank;
}

Test(placement, parses_names)
{
	enum bench_placement p;

	cr_expect_eq(bench_placement_parse("compact", &p), 0);
	cr_expect_eq(p, BENCH_PLACE_COMPACT);
	cr_expect_eq(bench_placement_parse("scatter", &p), 0);
	cr_expect_eq(p, BENCH_PLACE_SCATTER);
	cr_expect_eq(bench_placement_parse("spread", &p), -1);
	cr_expect_str_eq(bench_placement_name(BENCH_PLACE_SCATTER), "scatter");
}

Test(placement, compact_fills_a_core_then_a_package)
{
	hwloc_topology_t t = synthetic("pack:2 core:16 pu:2");
	unsigned pus[64], pkg, core, smt;

	cr_assert_eq(bench_plan(t, BENCH_PLACE_COMPACT, 0, 64, pus), 0);
	for (int i = 0; i < 64; i++) {
		where(t, pus[i], &pkg, &core, &smt);
		cr_expect_eq(smt, (unsigned)i % 2, "slot %d", i);
		cr_expect_eq(core, (unsigned)i / 2, "slot %d", i);
		cr_expect_eq(pkg, (unsigned)i / 32, "slot %d", i);
	}
	hwloc_topology_destroy(t);
}

Test(placement, scatter_spreads_packages_then_cores_then_smt)
{
	hwloc_topology_t t = synthetic("pack:2 core:16 pu:2");
	unsigned pus[64], pkg, core, smt;

	cr_assert_eq(bench_plan(t, BENCH_PLACE_SCATTER, 0, 64, pus), 0);
	for (int i = 0; i < 64; i++) {
		where(t, pus[i], &pkg, &core, &smt);
		cr_expect_eq(pkg, (unsigned)i % 2, "slot %d", i);
		cr_expect_eq(core % 16, ((unsigned)i / 2) % 16, "slot %d", i);
		/* No thread shares a core until every core has one. */
		cr_expect_eq(smt, (unsigned)i / 32, "slot %d", i);
	}
	hwloc_topology_destroy(t);
}

Test(placement, every_pu_once_before_any_twice)
{
	static const char *const shapes[] = {
		"pack:2 core:16 pu:2", "pack:4 l3:2 core:4 pu:1", "numa:2 core:3 pu:4",
	};

	for (size_t s = 0; s < sizeof(shapes) / sizeof(shapes[0]); s++) {
		for (int p = BENCH_PLACE_COMPACT; p <= BENCH_PLACE_SCATTER; p++) {
			hwloc_topology_t t = synthetic(shapes[s]);
			int n = hwloc_get_nbobjs_by_type(t, HWLOC_OBJ_PU);
			unsigned pus[2 * 64];
			char seen[256] = { 0 };

			cr_assert_leq(n, 64);
			cr_assert_eq(bench_plan(t, (enum bench_placement)p, 0, 2 * n, pus), 0);
			for (int i = 0; i < n; i++) {
				cr_expect_eq(seen[pus[i]]++, 0, "%s %s: PU %u twice",
					     shapes[s], bench_placement_name(p), pus[i]);
				/* Oversubscription wraps around the same plan. */
				cr_expect_eq(pus[i + n], pus[i]);
			}
			hwloc_topology_destroy(t);
		}
	}
}

Test(placement, scatter_on_a_flat_machine_is_compact)
{
	hwloc_topology_t t = synthetic("pack:1 core:2 pu:1");
	unsigned a[5], b[5];

	cr_assert_eq(bench_plan(t, BENCH_PLACE_COMPACT, 0, 5, a), 0);
	cr_assert_eq(bench_plan(t, BENCH_PLACE_SCATTER, 0, 5, b), 0);
	for (int i = 0; i < 5; i++)
		cr_expect_eq(a[i], b[i]);
	cr_expect_eq(a[0], 0u);
	cr_expect_eq(a[1], 1u);
	cr_expect_eq(a[2], 0u);
	hwloc_topology_destroy(t);
}

/* A sweep over k CPUs: the first k of the order, around again past them
 * (scatter: one per package first). */
Test(placement, confined_to_the_first_cpus)
{
	hwloc_topology_t t = synthetic("pack:2 core:16 pu:2");
	unsigned all[8], some[8], pkg, core, smt;

	cr_assert_eq(bench_plan(t, BENCH_PLACE_SCATTER, 0, 8, all), 0);
	cr_assert_eq(bench_plan(t, BENCH_PLACE_SCATTER, 3, 8, some), 0);
	for (int i = 0; i < 8; i++)
		cr_expect_eq(some[i], all[i % 3], "slot %d", i);
	where(t, some[1], &pkg, &core, &smt);
	cr_expect_eq(pkg, 1u);
	cr_expect_eq(bench_plan(t, BENCH_PLACE_COMPACT, 64, 8, some), 0);
	cr_expect_eq(bench_plan(t, BENCH_PLACE_COMPACT, 65, 8, some), -1,
		     "more CPUs than the machine has");
	cr_expect_eq(bench_plan(t, BENCH_PLACE_COMPACT, -1, 8, some), -1);
	hwloc_topology_destroy(t);
}

Test(placement, summarises_the_topology)
{
	hwloc_topology_t t = synthetic("pack:2 core:16 pu:2");
	char buf[128];

	bench_topology_summary(t, buf, sizeof(buf));
	cr_expect_str_eq(buf, "2 packages, 32 cores, 64 PUs, 1 NUMA node");
	hwloc_topology_destroy(t);
}
