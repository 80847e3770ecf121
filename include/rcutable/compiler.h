/* SPDX-License-Identifier: MIT */
/*
 * rcutable/compiler.h: compiler and memory-ordering primitives.
 *
 * The kernel-style names (barrier, READ_ONCE, smp_mb, ...) are defined only
 * where the including program has not already defined them, so kernel code
 * ported to user space keeps its own definitions.  rcutable's own code uses
 * the rcutable_ names.
 */
#ifndef RCUTABLE_COMPILER_H
#define RCUTABLE_COMPILER_H

#define rcutable_likely(x)	__builtin_expect(!!(x), 1)
#define rcutable_unlikely(x)	__builtin_expect(!!(x), 0)

/*
 * The name, "rcutable/read/<id>.h", of the inline read side that
 * rcupdate.h and srcu.h include: the implementation's identifier id
 * (RCUTABLE_RCU_IMPL, RCUTABLE_SRCU_IMPL, set by pkg-config) is expanded,
 * the rest of the path is not, so no macro of the program can change it.
 */
#define RCUTABLE_READ_SIDE_NAME_(path)	#path
#define RCUTABLE_READ_SIDE(id)		RCUTABLE_READ_SIDE_NAME_(rcutable/read/id.h)

/*
 * The name the linker sees for name, a symbol of read side id's library
 * that the inline read side refers to: name_id (an asm label, so that the
 * C name stays name).  An object compiled for one implementation's read
 * side then links only against a library built for that read side: linked
 * with another implementation's, it fails with an undefined reference to
 * name_id, and the library's update side adds a warning that names both
 * (lib/engine/read_side_guard.h).  The read side's code is unchanged.
 * Each read side also refers to one such symbol, its key, from every
 * object that includes it (RCUTABLE_LINK_KEY).
 */
#define RCUTABLE_LINK_NAME_(name, id)	__asm__(#name "_" #id)
#define RCUTABLE_LINK_NAME(name, id)	RCUTABLE_LINK_NAME_(name, id)

/*
 * A reference to name_id from every object that includes the read side,
 * whether or not its code refers to it (a QSBR reader's markers are
 * compiler barriers): its address, in read-only data after relocation
 * that --gc-sections keeps ("R"), which the linker (or, for a symbol of a
 * shared library, the dynamic linker at start-up) must resolve.  One
 * pointer an object; no instruction.
 */
#define RCUTABLE_LINK_KEY_(name, id)					\
	__asm__(".pushsection .data.rel.ro.rcutable_read_side,\"awR\",@progbits\n\t" \
		".balign 8\n\t.dc.a " #name "_" #id "\n\t.popsection")
#define RCUTABLE_LINK_KEY(name, id)	RCUTABLE_LINK_KEY_(name, id)

/* A compile-time check, as a statement, in C99, C11 and C++11 alike. */
#if defined(__cplusplus)
#define RCUTABLE_STATIC_ASSERT(cond, msg)	static_assert(cond, msg)
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define RCUTABLE_STATIC_ASSERT(cond, msg)	_Static_assert(cond, msg)
#else
#define RCUTABLE_STATIC_ASSERT(cond, msg)	((void)sizeof(char[(cond) ? 1 : -1]))
#endif

/* Compiler barrier: the compiler may not move memory accesses across it. */
#define rcutable_barrier()	__asm__ __volatile__("" ::: "memory")

/*
 * Full fence: orders all earlier loads and stores before all later ones.
 * On x86-64 a locked add to the stack is one, and cheaper than mfence on
 * current processors (bench/bench.c measures both), as the kernel's
 * smp_mb() uses; the slot below the stack pointer is in the red zone, so
 * nothing live is touched.  Like the kernel's, it does not order
 * non-temporal stores: end those with sfence.
 */
#if defined(__x86_64__) && !defined(__SANITIZE_THREAD__)	/* TSan sees no asm */
#define rcutable_smp_mb()	\
	__asm__ __volatile__("lock; addl $0,-4(%%rsp)" ::: "memory", "cc")
#else
#define rcutable_smp_mb()	__atomic_thread_fence(__ATOMIC_SEQ_CST)
#endif
#define rcutable_smp_rmb()	__atomic_thread_fence(__ATOMIC_ACQUIRE)
#define rcutable_smp_wmb()	__atomic_thread_fence(__ATOMIC_RELEASE)

/*
 * A full fence right after an atomic read-modify-write (the kernel's
 * smp_mb__after_atomic()): on x86 none, since every read-modify-write
 * there is a locked instruction, a full fence itself.
 */
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__SANITIZE_THREAD__)
#define rcutable_smp_mb__after_atomic()	rcutable_barrier()
#else
#define rcutable_smp_mb__after_atomic()	rcutable_smp_mb()
#endif

/*
 * Single-copy-atomic accesses that the compiler may neither tear, fuse nor
 * invent.  Relaxed atomics give exactly that on every supported architecture.
 */
#define RCUTABLE_READ_ONCE(x)		__atomic_load_n(&(x), __ATOMIC_RELAXED)
#define RCUTABLE_WRITE_ONCE(x, v)	__atomic_store_n(&(x), (v), __ATOMIC_RELAXED)

/*
 * Store v to x, then a full fence: the kernel's smp_store_mb().  On x86-64
 * one xchg, a locked instruction and so a full fence itself, cheaper than
 * the store and a locked add.
 */
#if defined(__x86_64__) && !defined(__SANITIZE_THREAD__)
#define rcutable_smp_store_mb(x, v)	\
	do { (void)__atomic_exchange_n(&(x), (v), __ATOMIC_SEQ_CST); } while (0)
#else
#define rcutable_smp_store_mb(x, v)	\
	do { RCUTABLE_WRITE_ONCE(x, v); rcutable_smp_mb(); } while (0)
#endif

/* Spin-wait hint for the processor. */
#if defined(__x86_64__) || defined(__i386__)
#define rcutable_cpu_relax()	__builtin_ia32_pause()
#elif defined(__aarch64__)
#define rcutable_cpu_relax()	__asm__ __volatile__("yield" ::: "memory")
#else
#define rcutable_cpu_relax()	rcutable_barrier()
#endif

#ifndef barrier
#define barrier()		rcutable_barrier()
#endif
#ifndef READ_ONCE
#define READ_ONCE(x)		RCUTABLE_READ_ONCE(x)
#endif
#ifndef WRITE_ONCE
#define WRITE_ONCE(x, v)	RCUTABLE_WRITE_ONCE(x, v)
#endif
#ifndef smp_mb
#define smp_mb()		rcutable_smp_mb()
#endif
#ifndef smp_rmb
#define smp_rmb()		rcutable_smp_rmb()
#endif
#ifndef smp_wmb
#define smp_wmb()		rcutable_smp_wmb()
#endif
#ifndef likely
#define likely(x)		rcutable_likely(x)
#endif
#ifndef unlikely
#define unlikely(x)		rcutable_unlikely(x)
#endif

#endif /* RCUTABLE_COMPILER_H */
