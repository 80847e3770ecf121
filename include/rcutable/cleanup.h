/* SPDX-License-Identifier: MIT */
/*
 * rcutable/cleanup.h: scoped readers, the kernel's guard() and
 * scoped_guard() (<linux/cleanup.h>), over the compiler's cleanup
 * attribute (GCC and Clang, C and C++).
 *
 * A guard class name has a type class_<name>_t, a constructor
 * class_<name>_constructor(args) that enters (takes the lock, opens the
 * reader) and a destructor class_<name>_destructor(class_<name>_t *) that
 * leaves; DEFINE_LOCK_GUARD_0() and DEFINE_LOCK_GUARD_1() define them.  The
 * classes rcu (rcutable/rcupdate.h), srcu (rcutable/srcu.h) and
 * rcu_tasks_trace (rcutable/rcupdate_trace.h) are defined beside their
 * markers.
 *
 *	guard(rcu)();			reader until the end of the block
 *	guard(srcu)(&my_srcu);
 *	scoped_guard(rcu) { ... }	reader for the statement
 *	scoped_guard(srcu, &my_srcu) { ... }
 *
 * However the scope is left, by its end, return, break, continue or goto
 * out of it, the destructor runs: the section ends there.  A break or
 * continue inside scoped_guard()'s statement leaves that statement (it is
 * a loop that runs once), not a loop around it, as in the kernel.  Leaving
 * by longjmp(), or by a C++ exception through C frames compiled without
 * -fexceptions, does not run it.
 *
 * The names are rcutable_guard() and rcutable_scoped_guard(); guard() and
 * scoped_guard(), the kernel's, are the same unless the program defines
 * RCUTABLE_NO_GUARD before it includes an rcutable header (a C++ program
 * whose std::lock_guard variables are called guard, say).
 */
#ifndef RCUTABLE_CLEANUP_H
#define RCUTABLE_CLEANUP_H

#define __RCUTABLE_PASTE2(a, b)		a##b
#define __RCUTABLE_PASTE(a, b)		__RCUTABLE_PASTE2(a, b)

/* A variable of guard class name, entered by its initialiser. */
#define __RCUTABLE_GUARD_VAR(name, var)					\
	class_##name##_t var __attribute__((cleanup(class_##name##_destructor), unused))

/* guard(name)(args): enter now, leave at the end of the enclosing block. */
#define rcutable_guard(name)						\
	__RCUTABLE_GUARD_VAR(name, __RCUTABLE_PASTE(__rcutable_guard_, __COUNTER__)) = \
		class_##name##_constructor

/*
 * scoped_guard(name, args...) statement: enter, run statement, leave.  The
 * classes with arguments and without are told apart by counting (up to
 * four), so that no expansion leaves a variadic argument empty (ISO C99
 * asks for one).
 */
#define rcutable_scoped_guard(...)					\
	__RCUTABLE_GUARD_PICK(__VA_ARGS__, __rcutable_scoped_args,	\
			      __rcutable_scoped_args, __rcutable_scoped_args, \
			      __rcutable_scoped_args, __rcutable_scoped_none, \
			      0)(__COUNTER__, __VA_ARGS__)
#define __RCUTABLE_GUARD_PICK(_0, _1, _2, _3, _4, which, ...)	which
/* One level more, so that __COUNTER__ is expanded before the pastes. */
#define __rcutable_scoped_none(id, name)				\
	__rcutable_scoped_loop(name, id, )
#define __rcutable_scoped_args(id, name, ...)				\
	__rcutable_scoped_loop(name, id, __VA_ARGS__)
#define __rcutable_scoped_loop(name, id, ...)				\
	for (__RCUTABLE_GUARD_VAR(name, __rcutable_scope_##id) =		\
		class_##name##_constructor(__VA_ARGS__),		\
	     *__rcutable_done_##id = 0;					\
	     !__rcutable_done_##id;					\
	     __rcutable_done_##id = &__rcutable_scope_##id)

/*
 * A guard class with no argument: lock and unlock are statements.
 * The type holds a pointer for the kernel's _T->lock, set to 1.
 */
#define DEFINE_LOCK_GUARD_0(name, _lock, _unlock)			\
	typedef struct { void *lock; } class_##name##_t;		\
	static inline void class_##name##_destructor(class_##name##_t *_T) \
	{								\
		(void)_T;						\
		_unlock;						\
	}								\
	static inline class_##name##_t class_##name##_constructor(void)	\
	{								\
		class_##name##_t _t = { (void *)1 };			\
		_lock;							\
		return _t;						\
	}

/*
 * A guard class over an object of type type: lock and unlock are
 * statements that use _T->lock (the object) and the members given after
 * them (declarations, as "int idx"), which they share.
 */
#define DEFINE_LOCK_GUARD_1(name, type, _lock, _unlock, ...)		\
	typedef struct { type *lock; __VA_ARGS__; } class_##name##_t;	\
	static inline void class_##name##_destructor(class_##name##_t *_T) \
	{								\
		_unlock;						\
	}								\
	static inline class_##name##_t class_##name##_constructor(type *_l) \
	{								\
		class_##name##_t _t, *_T = &_t;				\
		_t.lock = _l;						\
		_lock;							\
		return _t;						\
	}

#ifndef RCUTABLE_NO_GUARD
#define guard(name)		rcutable_guard(name)
#define scoped_guard(...)	rcutable_scoped_guard(__VA_ARGS__)
#endif

#endif /* RCUTABLE_CLEANUP_H */
