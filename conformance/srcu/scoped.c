/* SPDX-License-Identifier: MIT */
/*
 * conformance/srcu/scoped.c: the scoped SRCU readers guard(srcu)(ssp) and
 * scoped_guard(srcu, ssp) (rcutable/cleanup.h): a grace period of the
 * domain waits for a thread inside one, and leaving the scope ends the
 * section, with the index its srcu_read_lock() returned.
 */
#include "srcu_hold.h"

DEFINE_STATIC_SRCU(scoped_srcu);

struct scoped_hold {
	struct hold_sync sync;
	bool scoped;		/* scoped_guard(), else guard() */
};

static void *scoped_reader(void *arg)
{
	struct scoped_hold *h = arg;

	if (h->scoped) {
		scoped_guard(srcu, &scoped_srcu)
			hold_reader_stay(&h->sync, SRCU_HOLD_MS, NULL, NULL);
	} else {
		guard(srcu)(&scoped_srcu);
		hold_reader_stay(&h->sync, SRCU_HOLD_MS, NULL, NULL);
	}
	return NULL;
}

static bool scoped_action(void *arg)
{
	struct scoped_hold *h = arg;

	synchronize_srcu(&scoped_srcu);
	return flag_get(&h->sync.reader_done);
}

Test(srcu, waits_guard_srcu, .timeout = 30)
{
	struct scoped_hold h = { .scoped = false };

	cr_assert(hold_drive(&h.sync, scoped_reader, scoped_action, &h, NULL),
		  "synchronize_srcu() returned while a thread was inside a "
		  "guard(srcu)() section of its domain");
}

Test(srcu, waits_scoped_guard_srcu, .timeout = 30)
{
	struct scoped_hold h = { .scoped = true };

	cr_assert(hold_drive(&h.sync, scoped_reader, scoped_action, &h, NULL),
		  "synchronize_srcu() returned while a thread was inside a "
		  "scoped_guard(srcu) section of its domain");
}

/* Returns from inside its guard; a break leaves the scoped one. */
static int leave_early(void)
{
	scoped_guard(srcu, &scoped_srcu) {
		if (srcu_read_lock_held(&scoped_srcu))
			break;
	}
	guard(srcu)(&scoped_srcu);
	return srcu_read_lock_held(&scoped_srcu);
}

Test(srcu, scoped_guard_srcu_every_way_out_ends_the_section, .timeout = 30)
{
	srcu_skip_unless(RCUTABLE_API_VALIDATION, "srcu_read_lock_held()");
	cr_assert(leave_early(), "not held inside guard(srcu)()");
	cr_assert(!srcu_read_lock_held(&scoped_srcu),
		  "guard(srcu)() still held after a return");
	/* Inside a section of the domain still, this would be refused. */
	synchronize_srcu(&scoped_srcu);
}
