/* SPDX-License-Identifier: MIT */
/*
 * rcutable/read/percpu_count.h: counters with one slot per CPU, each slot
 * incremented only by threads running on its CPU, and summed by whoever
 * needs the total.  Installed: SRCU's inline read side uses it.
 *
 * A counter array for ncpus CPUs has ncpus + 1 slots of
 * RCUTABLE_PERCPU_STRIDE bytes (one cache line each, so CPUs never share a
 * line): one per CPU, and a shared one for atomic adds (below).  A counter
 * is the address of its slot for CPU 0; slot c is RCUTABLE_PERCPU_STRIDE * c
 * bytes further.
 *
 * rcutable_percpu_inc() adds one to the slot of the CPU the caller runs on.
 *  - x86-64 with the rseq area glibc registers (2.35 and later): a
 *    restartable sequence reads the CPU number from the area and increments
 *    that CPU's slot with a plain add.  If the thread is preempted, migrated
 *    or signalled between the two, the kernel restarts the sequence at its
 *    abort handler, so the add always lands on the CPU the number named and
 *    no other thread writes that slot meanwhile: an increment costs a few
 *    plain instructions and never a locked one.
 *  - Elsewhere an atomic add, since the thread may have moved.  Where the
 *    restartable sequence exists (x86-64), a thread without a registered
 *    rseq area (as under valgrind) adds to the shared slot: an atomic add
 *    to a CPU's slot could be overwritten by another thread's plain add
 *    there.  Elsewhere (other architectures) every add is atomic, to the
 *    slot of the CPU from the rseq area or sched_getcpu().
 * Either way the increment is ordered only by what the caller puts around
 * it; the summing side reads the slots with relaxed atomic loads.  ncpus is
 * the length of the array.
 */
#ifndef RCUTABLE_READ_PERCPU_COUNT_H
#define RCUTABLE_READ_PERCPU_COUNT_H

#include <stddef.h>
#include <rcutable/compiler.h>

/* glibc's, declared only under _GNU_SOURCE; the user's program may not be
 * (C++ compilers define it). */
#ifdef __cplusplus
#include <sched.h>
#else
extern int sched_getcpu(void);
#endif

#if defined(__has_include)
#if __has_include(<sys/rseq.h>)
#include <sys/rseq.h>
#define RCUTABLE_HAVE_RSEQ 1
#endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

#define RCUTABLE_PERCPU_STRIDE	64	/* bytes: one cache line per CPU */
#define RCUTABLE_PERCPU_SHIFT	6

#ifdef RCUTABLE_HAVE_RSEQ
/* The calling thread's rseq area; meaningful only while __rseq_size != 0. */
static inline struct rseq *rcutable_rseq_area(void)
{
	return (struct rseq *)((char *)__builtin_thread_pointer() + __rseq_offset);
}
#endif

/* The CPU the caller runs on, or ran on an instant ago; 0 if unknown. */
static inline unsigned rcutable_percpu_cpu(void)
{
	int cpu;

#ifdef RCUTABLE_HAVE_RSEQ
	if (rcutable_likely(__rseq_size)) {
		cpu = (int)RCUTABLE_READ_ONCE(rcutable_rseq_area()->cpu_id);
		if (rcutable_likely(cpu >= 0))
			return (unsigned)cpu;
	}
#endif
	cpu = sched_getcpu();
	return cpu >= 0 ? (unsigned)cpu : 0;
}

#if defined(RCUTABLE_HAVE_RSEQ) && defined(__x86_64__)
#define RCUTABLE_PERCPU_PLAIN_ADDS 1	/* CPUs' slots take plain adds */
#endif

/* The shared slot when CPUs' slots take plain adds or when the CPU number
 * is beyond the array; else the CPU's slot. */
static inline void rcutable_percpu_inc_atomic(unsigned long *slot0,
					      unsigned ncpus)
{
#ifdef RCUTABLE_PERCPU_PLAIN_ADDS
	unsigned c = ncpus;
#else
	unsigned c = rcutable_percpu_cpu();

	if (c >= ncpus)
		c = ncpus;
#endif
	__atomic_fetch_add((unsigned long *)((char *)slot0 +
		((size_t)c << RCUTABLE_PERCPU_SHIFT)), 1, __ATOMIC_RELAXED);
}

#ifdef RCUTABLE_PERCPU_PLAIN_ADDS
/*
 * The restartable sequence.  Its descriptor (struct rseq_cs: version,
 * flags, start, length of the sequence, abort handler) goes in section
 * __rseq_cs; the abort handler, preceded by the signature glibc registered
 * (RSEQ_SIG, inside an undefined instruction so that it never executes),
 * goes in __rseq_failure and starts over, descriptor included (the kernel
 * clears rseq_cs when it aborts).  The sequence is the CPU-number load and
 * the add; the add is its last instruction, the commit.  Also a compiler
 * barrier.
 */
static inline void rcutable_percpu_inc(unsigned long *slot0, unsigned ncpus)
{
	struct rseq *rs = rcutable_rseq_area();

	/* A thread whose area is not registered (glibc did not register it,
	 * as under valgrind, or it failed) reads RSEQ_CPU_ID_REGISTRATION_FAILED
	 * there, and the kernel's CPU numbers are below the number of possible
	 * CPUs, which sized the array: anything else takes the atomic path. */
	if (rcutable_unlikely(RCUTABLE_READ_ONCE(rs->cpu_id) >= ncpus)) {
		rcutable_percpu_inc_atomic(slot0, ncpus);
		return;
	}
	__asm__ __volatile__(
		".pushsection __rseq_cs, \"aw\"\n\t"
		".balign 32\n"
		"3:\n\t"
		".long 0, 0\n\t"
		".quad 1f, 2f - 1f, 4f\n\t"
		".popsection\n"
		"5:\n\t"
		"leaq 3b(%%rip), %%rax\n\t"
		"movq %%rax, %[cs]\n"
		"1:\n\t"
		"movl %[cpu], %%eax\n\t"
		"shlq %[shift], %%rax\n\t"
		"addq $1, (%[slot], %%rax)\n"
		"2:\n\t"
		".pushsection __rseq_failure, \"ax\"\n\t"
		".byte 0x0f, 0xb9, 0x3d\n\t"
		".long %c[sig]\n"
		"4:\n\t"
		"jmp 5b\n\t"
		".popsection\n"
		: [cs] "=m" (rs->rseq_cs)
		: [cpu] "m" (rs->cpu_id), [slot] "r" (slot0),
		  [shift] "i" (RCUTABLE_PERCPU_SHIFT), [sig] "i" (RSEQ_SIG)
		: "rax", "cc", "memory");
}
#else
static inline void rcutable_percpu_inc(unsigned long *slot0, unsigned ncpus)
{
	rcutable_percpu_inc_atomic(slot0, ncpus);
	rcutable_barrier();
}
#endif

/* The sum of a counter for ncpus CPUs (its ncpus + 1 slots), each slot
 * read once, relaxed. */
static inline unsigned long rcutable_percpu_sum(const unsigned long *slot0,
						unsigned ncpus)
{
	unsigned long sum = 0;
	unsigned c;

	for (c = 0; c <= ncpus; c++)
		sum += __atomic_load_n((const unsigned long *)((const char *)slot0 +
			((size_t)c << RCUTABLE_PERCPU_SHIFT)), __ATOMIC_RELAXED);
	return sum;
}

#ifdef __cplusplus
}
#endif

#endif /* RCUTABLE_READ_PERCPU_COUNT_H */
