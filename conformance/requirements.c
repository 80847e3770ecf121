/* SPDX-License-Identifier: MIT */
/*
 * conformance/requirements.c: an implementation that needs a kernel
 * feature says so clearly at first use when the kernel lacks it, and names
 * the implementations that work without it.  The kernel's lack is made
 * real with a seccomp filter that fails the system call with ENOSYS.
 */
#include <errno.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include "helpers.h"

static void deny_syscall(long nr)
{
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (unsigned)nr, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { .len = sizeof(f) / sizeof(f[0]), .filter = f };

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
	    prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog))
		abort();
}

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
	if (!strstr(rcutable_impl_info.needs, "membarrier"))
		cr_skip_test("%s does not need membarrier()", rcutable_impl_info.name);
	expect_abort(sync_without_membarrier, NULL, "rcutable-signal or rcutable-mb");
	expect_abort(read_without_membarrier, NULL, "MEMBARRIER_CMD_PRIVATE_EXPEDITED");
}
