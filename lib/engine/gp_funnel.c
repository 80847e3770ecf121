/* SPDX-License-Identifier: MIT */
/*
 * lib/engine/gp_funnel.c: see gp_funnel.h.
 */
#include <stdint.h>

#include <rcutable/compiler.h>
#include "engine/diag.h"
#include "engine/futex.h"
#include "engine/gp_funnel.h"

/*
 * A grace period without holdouts takes well under a microsecond, less
 * than a futex sleep and wake-up: a waiter spins this long on the wake
 * word before it sleeps.
 */
#define GP_FUNNEL_SPIN_NS	2000u

void rcutable_gp_funnel_init(struct rcutable_gp_funnel *f)
{
	pthread_mutex_init(&f->lock, NULL);
	f->sleepers = 0;
}

void rcutable_gp_funnel_unlock(struct rcutable_gp_funnel *f)
{
	pthread_mutex_unlock(&f->lock);
	/* Seq_cst, with the seq_cst pair in gp_funnel_lock_or_wait():
	 * either we see a sleeper's count, or it sees our advance and does
	 * not sleep. */
	__atomic_add_fetch(&f->wake_word, 1, __ATOMIC_SEQ_CST);
	if (__atomic_load_n(&f->sleepers, __ATOMIC_SEQ_CST))
		rcutable_futex_wake(&f->wake_word, INT32_MAX);
}

/* Take f's lock (true), or wait until its holder lets it go (false): then
 * the caller looks at its cookie again. */
static bool gp_funnel_lock_or_wait(struct rcutable_gp_funnel *f)
{
	int w = __atomic_load_n(&f->wake_word, __ATOMIC_SEQ_CST);
	uint64_t deadline = 0;
	unsigned n;

	if (pthread_mutex_trylock(&f->lock) == 0)
		return true;
	for (n = 1;; n++) {
		rcutable_cpu_relax();
		if (__atomic_load_n(&f->wake_word, __ATOMIC_RELAXED) != w)
			return false;
		if (n % 16)
			continue;
		if (!deadline)
			deadline = rcutable_now_ns() + GP_FUNNEL_SPIN_NS;
		else if (rcutable_now_ns() >= deadline)
			break;
	}
	__atomic_add_fetch(&f->sleepers, 1, __ATOMIC_SEQ_CST);
	if (__atomic_load_n(&f->wake_word, __ATOMIC_SEQ_CST) == w)
		rcutable_futex_wait(&f->wake_word, w, 0);
	__atomic_sub_fetch(&f->sleepers, 1, __ATOMIC_RELAXED);
	return false;
}

void rcutable_gp_funnel_synchronize(struct rcutable_gp_funnel *f,
				    unsigned long *seq, unsigned long cookie,
				    void (*run)(void *arg), void *arg)
{
	for (;;) {
		/* Acquire: pairs with the release in rcutable_gp_seq_end(),
		 * after the run() of the grace period that satisfied us. */
		if (rcutable_gp_seq_done(__atomic_load_n(seq, __ATOMIC_ACQUIRE), cookie))
			return;
		if (gp_funnel_lock_or_wait(f))
			break;
	}
	/* One grace period is enough: the cookie counts the one that may
	 * have been running when it was taken. */
	if (!rcutable_gp_seq_done(*seq, cookie)) {
		rcutable_gp_seq_start(seq);
		run(arg);
		rcutable_gp_seq_end(seq);
	}
	rcutable_gp_funnel_unlock(f);
}
