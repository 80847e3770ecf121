/* SPDX-License-Identifier: MIT */
/*
 * urcu/rcutable-flavor.h (rcutable/liburcu/): one liburcu flavor's
 * prefixed names, urcu_<flavor>_*, as inline functions over this rcutable
 * implementation.  Included by urcu/urcu-<flavor>.h with
 * RCUTABLE_LIBURCU_FLAVOR set to the flavor (memb, mb, signal, qsbr, bp):
 * every flavor a program names is the one rcutable implementation it is
 * built for, so a program that uses several flavors at once has one RCU
 * (docs/LIBURCU.md).  No include guard: once per flavor.
 */
#include <urcu/rcutable-urcu.h>

#define RCUTABLE_URCU_NAME_(flavor, name)	urcu_##flavor##_##name
#define RCUTABLE_URCU_NAME(flavor, name)	RCUTABLE_URCU_NAME_(flavor, name)
#define RCUTABLE_URCU_FN(name)	RCUTABLE_URCU_NAME(RCUTABLE_LIBURCU_FLAVOR, name)

#ifdef __cplusplus
extern "C" {
#endif

/* Each flavor's descriptor, the same functions (lib/compat/liburcu.c). */
extern const struct rcu_flavor_struct RCUTABLE_URCU_FN(flavor);

static inline void RCUTABLE_URCU_FN(read_lock)(void) { rcu_read_lock(); }
static inline void RCUTABLE_URCU_FN(read_unlock)(void) { rcu_read_unlock(); }
static inline int RCUTABLE_URCU_FN(read_ongoing)(void) { return rcu_read_ongoing(); }
static inline void RCUTABLE_URCU_FN(quiescent_state)(void) { rcu_quiescent_state(); }
static inline void RCUTABLE_URCU_FN(thread_offline)(void) { rcu_thread_offline(); }
static inline void RCUTABLE_URCU_FN(thread_online)(void) { rcu_thread_online(); }
static inline void RCUTABLE_URCU_FN(register_thread)(void) { rcu_register_thread(); }
static inline void RCUTABLE_URCU_FN(unregister_thread)(void) { rcu_unregister_thread(); }
static inline void RCUTABLE_URCU_FN(init)(void) { }
static inline void RCUTABLE_URCU_FN(exit)(void) { }
static inline void RCUTABLE_URCU_FN(synchronize_rcu)(void) { synchronize_rcu(); }
static inline void RCUTABLE_URCU_FN(call_rcu)(struct rcu_head *head, void (*func)(struct rcu_head *head))
{
	call_rcu(head, func);
}
static inline void RCUTABLE_URCU_FN(barrier)(void) { rcu_barrier(); }
static inline struct urcu_gp_poll_state RCUTABLE_URCU_FN(start_poll_synchronize_rcu)(void)
{
	return start_poll_synchronize_rcu();
}
static inline bool RCUTABLE_URCU_FN(poll_state_synchronize_rcu)(struct urcu_gp_poll_state state)
{
	return poll_state_synchronize_rcu(state);
}

static inline void RCUTABLE_URCU_FN(defer_rcu)(void (*fct)(void *p), void *p) { defer_rcu(fct, p); }
static inline int RCUTABLE_URCU_FN(defer_register_thread)(void) { return rcu_defer_register_thread(); }
static inline void RCUTABLE_URCU_FN(defer_unregister_thread)(void) { rcu_defer_unregister_thread(); }
static inline void RCUTABLE_URCU_FN(defer_barrier)(void) { rcu_defer_barrier(); }
static inline void RCUTABLE_URCU_FN(defer_barrier_thread)(void) { rcu_defer_barrier_thread(); }
static inline void RCUTABLE_URCU_FN(defer_exit)(void) { rcu_defer_exit(); }

static inline struct call_rcu_data *RCUTABLE_URCU_FN(create_call_rcu_data)(unsigned long flags, int cpu)
{
	return create_call_rcu_data(flags, cpu);
}
static inline void RCUTABLE_URCU_FN(call_rcu_data_free)(struct call_rcu_data *crdp) { call_rcu_data_free(crdp); }
static inline struct call_rcu_data *RCUTABLE_URCU_FN(get_default_call_rcu_data)(void)
{
	return get_default_call_rcu_data();
}
static inline struct call_rcu_data *RCUTABLE_URCU_FN(get_cpu_call_rcu_data)(int cpu)
{
	return get_cpu_call_rcu_data(cpu);
}
static inline struct call_rcu_data *RCUTABLE_URCU_FN(get_thread_call_rcu_data)(void)
{
	return get_thread_call_rcu_data();
}
static inline struct call_rcu_data *RCUTABLE_URCU_FN(get_call_rcu_data)(void) { return get_call_rcu_data(); }
static inline pthread_t RCUTABLE_URCU_FN(get_call_rcu_thread)(struct call_rcu_data *crdp)
{
	return get_call_rcu_thread(crdp);
}
static inline void RCUTABLE_URCU_FN(set_thread_call_rcu_data)(struct call_rcu_data *crdp)
{
	set_thread_call_rcu_data(crdp);
}
static inline int RCUTABLE_URCU_FN(set_cpu_call_rcu_data)(int cpu, struct call_rcu_data *crdp)
{
	return set_cpu_call_rcu_data(cpu, crdp);
}
static inline int RCUTABLE_URCU_FN(create_all_cpu_call_rcu_data)(unsigned long flags)
{
	return create_all_cpu_call_rcu_data(flags);
}
static inline void RCUTABLE_URCU_FN(free_all_cpu_call_rcu_data)(void) { free_all_cpu_call_rcu_data(); }
static inline void RCUTABLE_URCU_FN(call_rcu_before_fork)(void) { call_rcu_before_fork(); }
static inline void RCUTABLE_URCU_FN(call_rcu_after_fork_parent)(void) { call_rcu_after_fork_parent(); }
static inline void RCUTABLE_URCU_FN(call_rcu_after_fork_child)(void) { call_rcu_after_fork_child(); }
static inline void RCUTABLE_URCU_FN(before_fork)(void) { rcutable_urcu_before_fork(); }
static inline void RCUTABLE_URCU_FN(after_fork_parent)(void) { rcutable_urcu_after_fork_parent(); }
static inline void RCUTABLE_URCU_FN(after_fork_child)(void) { rcutable_urcu_after_fork_child(); }
static inline void RCUTABLE_URCU_FN(register_rculfhash_atfork)(struct urcu_atfork *atfork)
{
	urcu_register_rculfhash_atfork(atfork);
}
static inline void RCUTABLE_URCU_FN(unregister_rculfhash_atfork)(struct urcu_atfork *atfork)
{
	urcu_unregister_rculfhash_atfork(atfork);
}

#ifdef __cplusplus
}
#endif

#undef RCUTABLE_URCU_FN
