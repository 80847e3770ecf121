/* SPDX-License-Identifier: MIT */
/*
 * lib/engine/membarrier.c: see membarrier.h.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <linux/membarrier.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <rcutable/compiler.h>
#include "engine/diag.h"
#include "engine/membarrier.h"

static long membarrier(int cmd)
{
	return syscall(SYS_membarrier, cmd, 0, 0);
}

/* Registered by the constructor below, or at the first requirement. */
static bool registered;

static void membarrier_register(void)
{
	long cmds = membarrier(MEMBARRIER_CMD_QUERY);

	if (cmds >= 0 && (cmds & MEMBARRIER_CMD_PRIVATE_EXPEDITED) &&
	    membarrier(MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED) == 0)
		RCUTABLE_WRITE_ONCE(registered, true);
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

void rcutable_membarrier_require(const char *who, const char *instead)
{
	long cmds = membarrier(MEMBARRIER_CMD_QUERY);

	if (cmds < 0 || !(cmds & MEMBARRIER_CMD_PRIVATE_EXPEDITED))
		rcutable_die("%s needs membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED), "
			     "which this kernel does not offer (%s; Linux 4.14 or "
			     "later has it): link %s instead, which need nothing "
			     "from the kernel", who,
			     cmds < 0 ? strerror(errno) : "not in MEMBARRIER_CMD_QUERY",
			     instead);
	if (!RCUTABLE_READ_ONCE(registered))
		membarrier_register();
	if (!RCUTABLE_READ_ONCE(registered))
		rcutable_die("%s: membarrier(MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED) "
			     "failed: %s; %s need no membarrier()", who,
			     strerror(errno), instead);
}

bool rcutable_membarrier_probe(const char **why)
{
	static char reason[128];
	long cmds = membarrier(MEMBARRIER_CMD_QUERY);

	if (cmds < 0)
		snprintf(reason, sizeof(reason), "membarrier() fails: %s", strerror(errno));
	else if (!(cmds & MEMBARRIER_CMD_PRIVATE_EXPEDITED))
		snprintf(reason, sizeof(reason), "MEMBARRIER_CMD_PRIVATE_EXPEDITED is not "
			 "in MEMBARRIER_CMD_QUERY (Linux 4.14 or later has it)");
	else if (!RCUTABLE_READ_ONCE(registered) && (membarrier_register(),
						     !RCUTABLE_READ_ONCE(registered)))
		snprintf(reason, sizeof(reason), "MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED "
			 "fails: %s", strerror(errno));
	else
		return true;
	if (why)
		*why = reason;
	return false;
}

void rcutable_membarrier_all(const char *who, const char *instead)
{
	if (rcutable_likely(membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED) == 0))
		return;
	/* Explains a missing command or registration, or returns if it has
	 * just registered; then the fence must work. */
	rcutable_membarrier_require(who, instead);
	if (membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED))
		rcutable_die("%s: membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED) "
			     "failed: %s; %s need no membarrier()", who,
			     strerror(errno), instead);
}

bool rcutable_membarrier_try_all(void)
{
	if (!RCUTABLE_READ_ONCE(registered))
		membarrier_register();
	return RCUTABLE_READ_ONCE(registered) &&
	       membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED) == 0;
}
