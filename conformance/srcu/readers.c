/* SPDX-License-Identifier: MIT */
/*
 * conformance/srcu/readers.c: the SRCU readers added since 2019.  A grace
 * period of the domain waits for a thread inside srcu_read_lock_fast() or
 * srcu_read_lock_nmisafe(), and for a section that srcu_down_read() (or
 * its _fast form) opened on one thread and another thread ends with
 * srcu_up_read(); an _nmisafe section in a signal handler that interrupts
 * a section of the same domain leaves the counts balanced; a wrong index
 * or struct srcu_ctr pointer is refused; where a form is absent (the
 * peer's per-thread sections), it is refused with a message, never
 * hidden.
 */
#include <pthread.h>
#include <signal.h>
#include <string.h>

#include "srcu_hold.h"

DEFINE_STATIC_SRCU(readers_srcu);

enum reader_form { FAST, NMISAFE, DOWN_UP, DOWN_UP_FAST };

struct form_hold {
	struct hold_sync sync;
	enum reader_form form;
};

/* A section opened on one thread, for another to end. */
struct handoff {
	struct form_hold *h;
	int idx;
	struct srcu_ctr *scp;
};

static void *up_thread(void *arg)
{
	struct handoff *o = arg;

	hold_reader_stay(&o->h->sync, SRCU_HOLD_MS, NULL, NULL);
	if (o->h->form == DOWN_UP)
		srcu_up_read(&readers_srcu, o->idx);
	else
		srcu_up_read_fast(&readers_srcu, o->scp);
	return NULL;
}

static void *form_reader(void *arg)
{
	struct form_hold *h = arg;
	struct handoff o = { .h = h };
	struct srcu_ctr *scp;
	int idx;

	switch (h->form) {
	case FAST:
		scp = srcu_read_lock_fast(&readers_srcu);
		hold_reader_stay(&h->sync, SRCU_HOLD_MS, NULL, NULL);
		srcu_read_unlock_fast(&readers_srcu, scp);
		break;
	case NMISAFE:
		idx = srcu_read_lock_nmisafe(&readers_srcu);
		hold_reader_stay(&h->sync, SRCU_HOLD_MS, NULL, NULL);
		srcu_read_unlock_nmisafe(&readers_srcu, idx);
		break;
	case DOWN_UP:
	case DOWN_UP_FAST:
		if (h->form == DOWN_UP)
			o.idx = srcu_down_read(&readers_srcu);
		else
			o.scp = srcu_down_read_fast(&readers_srcu);
		pthread_join(spawn(up_thread, &o), NULL);
		break;
	}
	return NULL;
}

static bool form_action(void *arg)
{
	struct form_hold *h = arg;

	synchronize_srcu(&readers_srcu);
	return flag_get(&h->sync.reader_done);
}

static bool form_hold_run(enum reader_form form)
{
	struct form_hold h = { .form = form };

	return hold_drive(&h.sync, form_reader, form_action, &h, NULL);
}

Test(srcu, waits_srcu_read_lock_fast, .timeout = 30)
{
	srcu_skip_unless(RCUTABLE_API_SRCU_FAST, "srcu_read_lock_fast()");
	cr_assert(form_hold_run(FAST), "synchronize_srcu() returned while a thread "
		  "was inside srcu_read_lock_fast()");
}

Test(srcu, waits_srcu_read_lock_nmisafe, .timeout = 30)
{
	srcu_skip_unless(RCUTABLE_API_SRCU_NMISAFE, "srcu_read_lock_nmisafe()");
	cr_assert(form_hold_run(NMISAFE), "synchronize_srcu() returned while a "
		  "thread was inside srcu_read_lock_nmisafe()");
}

Test(srcu, waits_srcu_up_read_on_another_thread, .timeout = 30)
{
	srcu_skip_unless(RCUTABLE_API_SRCU_HANDOFF, "srcu_down_read()");
	cr_assert(form_hold_run(DOWN_UP), "synchronize_srcu() returned before "
		  "another thread's srcu_up_read() ended a srcu_down_read() section");
}

Test(srcu, waits_srcu_up_read_fast_on_another_thread, .timeout = 30)
{
	srcu_skip_unless(RCUTABLE_API_SRCU_HANDOFF, "srcu_down_read_fast()");
	cr_assert(form_hold_run(DOWN_UP_FAST), "synchronize_srcu() returned before "
		  "another thread's srcu_up_read_fast() ended a srcu_down_read_fast() "
		  "section");
}

/* A signal handler that reads the domain while the thread it interrupted
 * is inside a section of it. */
static struct srcu_struct handler_srcu;
static volatile sig_atomic_t handler_sections;

static void nmisafe_handler(int sig)
{
	(void)sig;
	for (int i = 0; i < 100; i++) {
		int idx = srcu_read_lock_nmisafe(&handler_srcu);

		srcu_read_unlock_nmisafe(&handler_srcu, idx);
		handler_sections++;
	}
}

Test(srcu, srcu_read_lock_nmisafe_in_a_signal_handler_keeps_the_counts, .timeout = 30)
{
	struct sigaction sa = { .sa_handler = nmisafe_handler }, old;

	srcu_skip_unless(RCUTABLE_API_SRCU_NMISAFE, "srcu_read_lock_nmisafe()");
	cr_assert_eq(init_srcu_struct(&handler_srcu), 0);
	sigemptyset(&sa.sa_mask);
	cr_assert_eq(sigaction(SIGUSR1, &sa, &old), 0);
	for (int i = 0; i < 200; i++) {
		int idx = srcu_read_lock_nmisafe(&handler_srcu);

		raise(SIGUSR1);
		srcu_read_unlock_nmisafe(&handler_srcu, idx);
	}
	sigaction(SIGUSR1, &old, NULL);
	cr_assert_eq(handler_sections, 200 * 100);
	/* Balanced counts: the grace period ends, and cleanup finds no
	 * reader inside (it refuses otherwise). */
	synchronize_srcu(&handler_srcu);
	cleanup_srcu_struct(&handler_srcu);
}

/* ---- Refusals --------------------------------------------------------------- */

static void up_read_bad_index(void *arg)
{
	(void)arg;
	srcu_up_read(&readers_srcu, 2);
}

Test(srcu, srcu_up_read_with_an_index_no_down_returned_aborts, .timeout = 30)
{
	srcu_skip_unless(RCUTABLE_API_SRCU_HANDOFF, "srcu_up_read()");
	expect_abort(up_read_bad_index, NULL, "srcu_up_read(readers_srcu, 2)");
}

static void unlock_fast_bad_pointer(void *arg)
{
	static int not_a_counter;

	(void)arg;
	(void)srcu_read_lock_fast(&readers_srcu);
	srcu_read_unlock_fast(&readers_srcu, (struct srcu_ctr *)(void *)&not_a_counter);
}

Test(srcu, srcu_read_unlock_fast_with_a_pointer_no_lock_returned_aborts, .timeout = 30)
{
	srcu_skip_unless(RCUTABLE_API_SRCU_FAST, "srcu_read_unlock_fast()");
	expect_abort(unlock_fast_bad_pointer, NULL, "readers_srcu");
}

static void down_read_where_absent(void *arg)
{
	(void)arg;
	(void)srcu_down_read(&readers_srcu);
}

static void nmisafe_where_absent(void *arg)
{
	(void)arg;
	(void)srcu_read_lock_nmisafe(&readers_srcu);
}

/* Absent is said, never hidden: the call is refused, naming itself. */
Test(srcu, absent_srcu_reader_forms_are_refused, .timeout = 30)
{
	const struct rcutable_impl *i = &rcutable_srcu_impl_info;
	unsigned has = i->native | i->emulated;

	if ((has & RCUTABLE_API_SRCU_HANDOFF) && (has & RCUTABLE_API_SRCU_NMISAFE))
		cr_skip_test("%s has every SRCU reader form", i->name);
	if (!(has & RCUTABLE_API_SRCU_HANDOFF))
		expect_abort(down_read_where_absent, NULL, "srcu_down_read(readers_srcu)");
	if (!(has & RCUTABLE_API_SRCU_NMISAFE))
		expect_abort(nmisafe_where_absent, NULL, "srcu_read_lock_nmisafe(readers_srcu)");
}
