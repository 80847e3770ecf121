/* SPDX-License-Identifier: MIT */
/*
 * impls/memb/memb.c: the membarrier flavor of the counter-based RCU.
 *
 * membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED) makes every running thread
 * of the process execute a full fence (by IPI) before it returns; threads
 * not running pass through the scheduler's full fence before they run
 * again.  That turns each reader's compiler barrier into a full fence
 * exactly when the updater needs one, so readers pay nothing.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <linux/membarrier.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <rcutable/impl.h>
#include "counter_flavor.h"
#include "diag.h"

static long membarrier(int cmd)
{
	return syscall(SYS_membarrier, cmd, 0, 0);
}

/* Registered by the constructor below, or at first use. */
static bool registered;

static void membarrier_register(void)
{
	long cmds = membarrier(MEMBARRIER_CMD_QUERY);

	if (cmds >= 0 && (cmds & MEMBARRIER_CMD_PRIVATE_EXPEDITED) &&
	    membarrier(MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED) == 0)
		registered = true;
}

/*
 * Register at start-up, while the process has one thread: the kernel
 * registers a multithreaded process only after one of its own grace
 * periods (tens of milliseconds).  A failure here is reported at first use.
 */
__attribute__((constructor)) static void membarrier_register_at_start(void)
{
	membarrier_register();
}

/* First use: the command must (still) be there, or say what is missing. */
void rcutable_flavor_init(void)
{
	long cmds = membarrier(MEMBARRIER_CMD_QUERY);

	if (cmds < 0 || !(cmds & MEMBARRIER_CMD_PRIVATE_EXPEDITED))
		rcutable_die("memb needs membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED), "
			     "which this kernel does not offer (%s; Linux 4.14 or "
			     "later has it): link rcutable-signal or rcutable-mb "
			     "instead, which need nothing from the kernel",
			     cmds < 0 ? strerror(errno) : "not in MEMBARRIER_CMD_QUERY");
	if (!registered)
		membarrier_register();
	if (!registered)
		rcutable_die("memb: membarrier(MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED) "
			     "failed: %s; rcutable-signal or rcutable-mb need no "
			     "membarrier()", strerror(errno));
}

void rcutable_flavor_mb_all(void)
{
	if (membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED))
		rcutable_die("memb: membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED) "
			     "failed: %s; rcutable-signal or rcutable-mb need no "
			     "membarrier()", strerror(errno));
}

RCUTABLE_COUNTER_FLAVOR_INFO("memb",
			     "per-thread counters with compiler-barrier readers; the "
			     "updater forces ordering with membarrier()",
			     "membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED), Linux 4.14+");
