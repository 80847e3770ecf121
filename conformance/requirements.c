/* SPDX-License-Identifier: MIT */
/*
 * conformance/requirements.c: an implementation that needs a kernel
 * feature says so clearly at first use when the kernel lacks it, and names
 * the implementations that work without it.  The kernel's lack is made
 * real with a seccomp filter that fails the system call with ENOSYS.  An
 * implementation that reserves a signal says so when the application takes
 * the signal or a reader blocks it, instead of waiting forever.
 */
#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <sys/syscall.h>
#include "helpers.h"

static void sync_without_membarrier(void *arg)
{
	(void)arg;
	deny_syscall(SYS_membarrier);
	synchronize_rcu();
}

static void read_without_membarrier(void *arg)
{
	(void)arg;
	deny_syscall(SYS_membarrier);
	rcu_read_lock();	/* first use: registers the thread */
	rcu_read_unlock();
}

Test(requirements, missing_membarrier_is_explained, .timeout = 20)
{
	if (!(rcutable_impl_info.requirements & RCUTABLE_NEEDS_MEMBARRIER))
		cr_skip_test("%s does not need membarrier()", rcutable_impl_info.name);
	expect_abort(sync_without_membarrier, NULL, "rcutable-signal or rcutable-mb");
	expect_abort(read_without_membarrier, NULL, "MEMBARRIER_CMD_PRIVATE_EXPEDITED");
}

/* Naming what stops the signal is rcutable's own diagnosis of what holds
 * a grace period (RCUTABLE_API_STALL): a peer that lacks it waits. */
static void skip_unless_reserves_signal(void)
{
	if (!(rcutable_impl_info.requirements & RCUTABLE_NEEDS_SIGNAL) || !rcutable_reserved_signal())
		cr_skip_test("%s reserves no signal", rcutable_impl_info.name);
	if (!(rcutable_impl_info.native & RCUTABLE_API_STALL))
		cr_skip_test("absent in %s: it does not say what stops its signal",
			     rcutable_impl_info.name);
}

static int reader_blocks_signal;	/* 1: block it; 2: blocked (or not) */
static bool reader_spins;		/* then spin, rather than sleep */

static void *registered_reader(void *arg)
{
	(void)arg;
	rcu_register_thread();
	if (reader_blocks_signal) {
		sigset_t set;

		sigemptyset(&set);
		sigaddset(&set, rcutable_reserved_signal());
		pthread_sigmask(SIG_BLOCK, &set, NULL);
	}
	flag_set(&reader_blocks_signal, 2);
	for (;;) {
		if (reader_spins)
			rcutable_cpu_relax();
		else
			sleep_ms(100);
	}
	return NULL;
}

static void on_reserved(int sig) { (void)sig; }

static void sync_after_handler_replaced(void *arg)
{
	(void)arg;
	synchronize_rcu();		/* first use: rcutable's handler is in */
	spawn(registered_reader, NULL);
	flag_wait(&reader_blocks_signal, 2, 5000);
	signal(rcutable_reserved_signal(), on_reserved);
	synchronize_rcu();
}

static void sync_with_reader_blocking(void *arg)
{
	(void)arg;
	reader_blocks_signal = 1;
	spawn(registered_reader, NULL);
	flag_wait(&reader_blocks_signal, 2, 5000);
	synchronize_rcu();
}

Test(requirements, replaced_signal_handler_is_explained, .timeout = 20)
{
	skip_unless_reserves_signal();
	expect_abort(sync_after_handler_replaced, NULL, "application replaced its handler");
}

Test(requirements, reader_blocking_the_signal_is_named, .timeout = 20)
{
	skip_unless_reserves_signal();
	expect_abort(sync_with_reader_blocking, NULL, "blocks signal");
}

/* Running, rather than asleep: told from a thread that waits for a CPU
 * inside a moment of its own with the signal blocked, which is not named. */
Test(requirements, busy_reader_blocking_the_signal_is_named, .timeout = 20)
{
	skip_unless_reserves_signal();
	reader_spins = true;
	expect_abort(sync_with_reader_blocking, NULL, "blocks signal");
}
