/* SPDX-License-Identifier: MIT */
/*
 * bench/placement.h: where each benchmark thread runs, planned with hwloc.
 *
 * A plan maps thread slots (0 is the measuring thread, 1.. the threads
 * running beside it) to processing units (PUs):
 *   compact  fills a core's PUs, then the next core, the next package;
 *   scatter  spreads over packages first, then cores, then a core's PUs.
 * Past the last PU a plan wraps around: oversubscription, by design.
 * The planner works on any hwloc topology, so tests check big machines'
 * plans through hwloc's synthetic topologies.
 */
#ifndef RCUTABLE_BENCH_PLACEMENT_H
#define RCUTABLE_BENCH_PLACEMENT_H

#include <stddef.h>
#include <hwloc.h>

enum bench_placement { BENCH_PLACE_COMPACT, BENCH_PLACE_SCATTER };

/* "compact" or "scatter" into *out; -1 for anything else. */
int bench_placement_parse(const char *name, enum bench_placement *out);
const char *bench_placement_name(enum bench_placement p);

/*
 * Fill pus[0..n) with the OS index of the PU of thread slots 0..n-1: the
 * placement's order of the topology's PUs, or of its first cpus of them
 * (0: all), around again past them.  Returns 0, or -1 if the topology has
 * no PU or fewer than cpus.
 */
int bench_plan(hwloc_topology_t topo, enum bench_placement p, int cpus, int n,
	       unsigned *pus);

/* "2 packages, 32 cores, 64 PUs, 2 NUMA nodes" into buf. */
void bench_topology_summary(hwloc_topology_t topo, char *buf, size_t len);

/* Bind the calling thread to the PU with OS index pu; 0 or -1 (errno). */
int bench_bind_self(hwloc_topology_t topo, unsigned pu);

#endif /* RCUTABLE_BENCH_PLACEMENT_H */
