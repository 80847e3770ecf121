/* SPDX-License-Identifier: MIT */
/*
 * conformance/tasks/page_fault.c: a page fault inside a region does not
 * end it.  The thread blocks in the kernel, voluntarily by the kernel's
 * count, yet resumes inside its region: a grace period that took "blocked"
 * or "switched" for "outside" would end early.  userfaultfd holds the fault
 * open for as long as the test wants (a user-mode-only one, which needs no
 * privilege; the test skips where the kernel refuses it).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/userfaultfd.h>
#include <stdint.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "tasks_hold.h"

#ifndef UFFD_USER_MODE_ONLY
#define UFFD_USER_MODE_ONLY 1
#endif

struct faulting {
	volatile int *page;	/* registered with userfaultfd, two pages not yet present */
	struct hold_sync sync;	/* its one reader: the faulting thread */
	int touched, again, touched_again, finish;
	pid_t tid;
};

/* The region: touch the first page (and wait in the fault), spin, touch
 * the second when told (a short wait), spin. */
static void *faulting_thread(void *arg)
{
	struct faulting *f = arg;

	__atomic_store_n(&f->tid, tasks_gettid(), __ATOMIC_SEQ_CST);
	hold_reader_in(&f->sync);
	(void)f->page[0];
	flag_set(&f->touched, 1);
	while (!flag_get(&f->again))
		__asm__ __volatile__("" ::: "memory");
	(void)f->page[1024];
	flag_set(&f->touched_again, 1);
	hold_reader_spin(&f->sync);
	flag_wait_in_reader(&f->finish, 1, 60000);
	return NULL;
}

/* Two pages whose first touch waits until the test resolves it; -1 if
 * the kernel offers no userfaultfd to this process. */
static int missing_page(volatile int **page)
{
	struct uffdio_api api = { .api = UFFD_API };
	struct uffdio_register reg = { .mode = UFFDIO_REGISTER_MODE_MISSING };
	int fd = (int)syscall(SYS_userfaultfd, O_CLOEXEC | UFFD_USER_MODE_ONLY);
	void *p;

	if (fd < 0 || ioctl(fd, UFFDIO_API, &api))
		return -1;
	p = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	cr_assert(p != MAP_FAILED);
	reg.range.start = (uintptr_t)p;
	reg.range.len = 8192;
	if (ioctl(fd, UFFDIO_REGISTER, &reg))
		return -1;
	*page = p;
	return fd;
}

/* Resolve the fault on the page at offset off (a zero page), then wait
 * until the thread has gone on past it (*touched). */
static void resolve_fault(int uffd, volatile int *page, size_t off, const int *touched)
{
	struct uffdio_zeropage zero = {
		.range = { .start = (uintptr_t)page + off, .len = 4096 },
	};

	cr_assert_eq(ioctl(uffd, UFFDIO_ZEROPAGE, &zero), 0);
	cr_assert(flag_wait_in_reader(touched, 1, 10000));
}

Test(tasks, waits_for_a_thread_in_a_page_fault_inside_its_region, .timeout = 60)
{
	static struct faulting f;
	static struct tasks_updater u;
	struct rcutable_tasks_stats s;
	pthread_t th;
	int uffd = missing_page(&f.page);

	if (uffd < 0)
		cr_skip_test("no userfaultfd for this process: the fault cannot be held open");
	th = spawn(faulting_thread, &f);
	while (!__atomic_load_n(&f.tid, __ATOMIC_SEQ_CST))
		sleep_ms_in_reader(1);
	cr_assert(wait_thread_blocked(f.tid), "the thread did not block in its fault");
	s = tasks_stats();
	tasks_updater_start(&u, NULL);
	cr_assert(tasks_wait_gp_begun(&s), "no grace period began");
	tasks_assert_held(&s, 3, &u.returned, "a thread was blocked in a page fault "
			  "inside its region");
	/* The fault completes; the thread goes on inside its region. */
	resolve_fault(uffd, f.page, 0, &f.touched);
	s = tasks_stats();
	tasks_assert_held(&s, 5, &u.returned, "a thread went on in its region after "
			  "a page fault (the fault's wait is no switch outside it)");
	/* A second fault, resolved at once, most likely between two checks:
	 * the thread's switch count moves, and it is still inside. */
	flag_set(&f.again, 1);
	cr_assert(wait_thread_blocked(f.tid), "the thread did not block in its fault");
	resolve_fault(uffd, f.page, 4096, &f.touched_again);
	s = tasks_stats();
	tasks_assert_held(&s, 3, &u.returned, "a thread went on in its region after "
			  "a short page fault (its switch is no switch outside it)");
	flag_set(&f.sync.release, 1);
	tasks_updater_join(&u);
	cr_assert_eq(flag_get(&f.sync.reader_done), 1);
	flag_set(&f.finish, 1);
	pthread_join(th, NULL);
	close(uffd);
}
