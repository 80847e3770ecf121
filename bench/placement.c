// SPDX-License-Identifier: MIT
/* bench/placement.c: thread placement plans over an hwloc topology. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "placement.h"

static const char *const names[] = {
	[BENCH_PLACE_COMPACT] = "compact",
	[BENCH_PLACE_SCATTER] = "scatter",
};

int bench_placement_parse(const char *name, enum bench_placement *out)
{
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (strcmp(name, names[i]) == 0) {
			*out = (enum bench_placement)i;
			return 0;
		}
	}
	return -1;
}

const char *bench_placement_name(enum bench_placement p)
{
	return names[p];
}

/*
 * Scatter order compares PUs by their sibling ranks read from the PU up
 * to the root: PUs that differ near the root (another package) come
 * before PUs that differ near the leaf (another PU of the same core).
 */
struct scatter_key {
	unsigned rank[HWLOC_OBJ_TYPE_MAX * 2];	/* leaf first */
	int depth;
	unsigned os_index;
};

static int scatter_cmp(const void *a, const void *b)
{
	const struct scatter_key *x = a, *y = b;

	for (int i = 0; i < x->depth && i < y->depth; i++)
		if (x->rank[i] != y->rank[i])
			return x->rank[i] < y->rank[i] ? -1 : 1;
	return (x->depth > y->depth) - (x->depth < y->depth);
}

int bench_plan(hwloc_topology_t topo, enum bench_placement p, int cpus, int n,
	       unsigned *pus)
{
	int npu = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PU);
	struct scatter_key *keys;

	if (npu <= 0 || cpus < 0 || cpus > npu)
		return -1;
	keys = calloc((size_t)npu, sizeof(*keys));
	if (!keys)
		return -1;
	for (int i = 0; i < npu; i++) {
		hwloc_obj_t o = hwloc_get_obj_by_type(topo, HWLOC_OBJ_PU, (unsigned)i);

		keys[i].os_index = o->os_index;
		for (; o->parent && keys[i].depth < (int)(sizeof(keys[i].rank) /
				sizeof(keys[i].rank[0])); o = o->parent)
			keys[i].rank[keys[i].depth++] = o->sibling_rank;
	}
	/* Compact is hwloc's logical order, which the loop above kept. */
	if (p == BENCH_PLACE_SCATTER)
		qsort(keys, (size_t)npu, sizeof(*keys), scatter_cmp);
	for (int t = 0; t < n; t++)
		pus[t] = keys[t % (cpus ? cpus : npu)].os_index;
	free(keys);
	return 0;
}

void bench_topology_summary(hwloc_topology_t topo, char *buf, size_t len)
{
	int pk = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PACKAGE);
	int co = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_CORE);
	int pu = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PU);
	int nn = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_NUMANODE);

	snprintf(buf, len, "%d package%s, %d core%s, %d PU%s, %d NUMA node%s",
		 pk, pk == 1 ? "" : "s", co, co == 1 ? "" : "s",
		 pu, pu == 1 ? "" : "s", nn, nn == 1 ? "" : "s");
}

int bench_bind_self(hwloc_topology_t topo, unsigned pu)
{
	hwloc_obj_t o = hwloc_get_pu_obj_by_os_index(topo, pu);

	if (!o)
		return -1;
	return hwloc_set_cpubind(topo, o->cpuset, HWLOC_CPUBIND_THREAD);
}
