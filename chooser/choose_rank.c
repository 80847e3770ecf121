/* SPDX-License-Identifier: MIT */
/*
 * chooser/choose_rank.c: see choose_rank.h.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "choose_rank.h"

static const struct {
	const char *reason, *when;
	int question;		/* the answer that rules it out, or -1 */
} exclusions[CHOOSE_EXCLUSIONS] = {
	{ "a deliberately broken control: its grace periods wait for nothing",
	  "ever: it is the conformance suite's negative control", -1 },
	{ "its readers must mark their sections, and these cannot",
	  "readers cannot mark their sections", CHOOSE_Q_MARKERS },
	{ "it is for code that cannot mark its readers: its grace period waits "
	  "for every thread to block, where a marked flavor waits for readers only",
	  "readers can mark their sections", CHOOSE_Q_MARKERS },
	{ "its readers may not sleep or block inside a section (the table: "
	  "\"No blocking\")", "readers sleep or block inside a section", CHOOSE_Q_SLEEP },
	{ "every reader thread must call rcu_register_thread() first",
	  "reader threads cannot register", CHOOSE_Q_REGISTER },
	{ "every thread must report quiescent states (rcu_quiescent_state()) and "
	  "go offline to block", "threads cannot report quiescent states", CHOOSE_Q_QS },
	{ "it needs membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED)",
	  "membarrier() is missing (Linux before 4.14, or a seccomp filter)",
	  CHOOSE_Q_MEMBARRIER },
	{ "it takes a signal for itself", "no signal is free for it", CHOOSE_Q_SIGNAL },
	{ "it reads the scheduler's counts in /proc/self/task", "procfs is not mounted", -1 },
};

const char *choose_exclusion_reason(unsigned i)
{
	return i < CHOOSE_EXCLUSIONS ? exclusions[i].reason : "?";
}

const char *choose_exclusion_when(unsigned i)
{
	return i < CHOOSE_EXCLUSIONS ? exclusions[i].when : "?";
}

int choose_exclusion_question(unsigned i)
{
	return i < CHOOSE_EXCLUSIONS ? exclusions[i].question : -1;
}

bool choose_is_peer(const struct rcutable_impl *impl)
{
	return impl->is_peer;
}

/* What impl asks of the program that c says it cannot give. */
static unsigned exclusions_of(const struct rcutable_impl *impl, const struct choose_constraints *c)
{
	bool tasks = impl->flavor == RCUTABLE_FLAVOR_TASKS;
	unsigned ex = 0;

	if (impl->is_control)
		return CHOOSE_EX_CONTROL;	/* whatever else it asks */
	/* Unmarked code is a QSBR reader as long as its thread reports no
	 * quiescent state: RCU Sched's !PREEMPT default for the Tasks column. */
	if (!tasks && !c->yes[CHOOSE_Q_MARKERS] && !impl->readers_report_qs)
		ex |= CHOOSE_EX_MARKED_ONLY;
	if (tasks && c->yes[CHOOSE_Q_MARKERS])
		ex |= CHOOSE_EX_UNMARKED_ONLY;
	if (c->yes[CHOOSE_Q_SLEEP] && !impl->readers_may_sleep)
		ex |= CHOOSE_EX_NO_SLEEP;
	if (!c->yes[CHOOSE_Q_REGISTER] && impl->readers_must_register)
		ex |= CHOOSE_EX_REGISTER;
	if (!c->yes[CHOOSE_Q_QS] && impl->readers_report_qs)
		ex |= CHOOSE_EX_QS;
	if (!c->yes[CHOOSE_Q_MEMBARRIER] && (impl->requirements & RCUTABLE_NEEDS_MEMBARRIER))
		ex |= CHOOSE_EX_MEMBARRIER;
	if (!c->yes[CHOOSE_Q_SIGNAL] && (impl->requirements & RCUTABLE_NEEDS_SIGNAL))
		ex |= CHOOSE_EX_SIGNAL;
	if (!c->procfs && (impl->requirements & RCUTABLE_NEEDS_PROCFS))
		ex |= CHOOSE_EX_PROCFS;
	return ex;
}

/*
 * The table's two default rows in user space.  A kernel built without
 * preemption runs RCU Sched, whose quiescent states are context switches:
 * in user space, threads that announce quiescent states (qsbr).  A
 * preemptible kernel runs Preemptible RCU, whose readers mark sections
 * with counters and announce nothing: memb.  Both rows give SRCU its own
 * column, and the PREEMPT row gives code that cannot mark its readers
 * Tasks RCU; without preemption that code is an RCU Sched reader.
 */
static struct choose_default table_default(const struct choose_constraints *c)
{
	if (!c->yes[CHOOSE_Q_MARKERS] && c->yes[CHOOSE_Q_QS])
		return (struct choose_default){ "qsbr", "!PREEMPT default implementation",
			"RCU Sched", "unmarked code between two quiescent states of its "
			"thread is a reader", NULL };
	if (!c->yes[CHOOSE_Q_MARKERS])
		return (struct choose_default){ "tasks", "PREEMPT default implementation",
			"Tasks RCU", "a grace period waits for every thread to block", NULL };
	if (c->yes[CHOOSE_Q_SLEEP] || c->yes[CHOOSE_Q_DOMAINS])
		return (struct choose_default){ "srcu", "!PREEMPT and PREEMPT default "
			"implementation", "SRCU", "readers may sleep, and each srcu_struct "
			"is a domain of its own", "srcu-mb" };
	if (c->yes[CHOOSE_Q_QS])
		return (struct choose_default){ "qsbr", "!PREEMPT default implementation",
			"RCU Sched", "free readers; threads announce quiescent states as "
			"the kernel's context switches do", NULL };
	return (struct choose_default){ "memb", "PREEMPT default implementation",
		"Preemptible RCU", "readers mark sections with per-thread counters and "
		"no thread announces anything", "mb" };
}

/* A read-side pair of no instructions (callgrind's count, exact) costs
 * nothing, whatever the time of the loop around it did: the time is
 * noise below a nanosecond. */
static bool read_pair_free(const struct choose_figures *f)
{
	return f->read_insns == 0;
}

double choose_part_figure(const struct choose_ranking *k, const struct choose_candidate *c,
			  enum choose_part p)
{
	const struct choose_figures *f = c->fig;

	if (!f || c->figures_moot)
		return NAN;
	switch (p) {
	case CHOOSE_PART_LOOKUPS:
		return choose_lookups_at(f->lookups, k->constraints.update_pct);
	case CHOOSE_PART_READ:
		if (read_pair_free(f))
			return 0;
		return isnan(f->read_empty_ns) ? f->read_ns : fmax(f->read_ns - f->read_empty_ns, 0);
	case CHOOSE_PART_LATENCY:
		return f->exp_us;
	case CHOOSE_PART_CPU:
		return f->gp_cpu_us;
	default:
		return NAN;
	}
}

/* A figure's range for part p: how far it can be trusted (the ends NAN
 * where it is not measured). */
static struct choose_range part_range(const struct choose_ranking *k,
				      const struct choose_candidate *c, enum choose_part p)
{
	const struct choose_figures *f = c->fig;
	const struct choose_range none = { NAN, NAN };

	if (!f || c->figures_moot)
		return none;
	switch (p) {
	case CHOOSE_PART_LOOKUPS:
		return choose_lookups_range_at(f->lookups_range, k->constraints.update_pct);
	case CHOOSE_PART_READ: {
		double empty = isnan(f->read_empty_ns) ? 0 : f->read_empty_ns;

		if (read_pair_free(f))
			return (struct choose_range){ 0, 0 };
		return (struct choose_range){ fmax(f->read_range.lo - empty, 0),
					      fmax(f->read_range.hi - empty, 0) };
	}
	case CHOOSE_PART_LATENCY:
		return f->exp_range;
	case CHOOSE_PART_CPU:
		return f->gp_cpu_range;
	default:
		return none;
	}
}

/* A figure's ratio to the best: (0, 1], 1 for the best.  Times are floored
 * at 0.1 ns or 0.1 µs, about what the benchmarks resolve. */
static double ratio_to(double v, double best, enum choose_part p)
{
	const double floor = 0.1;

	if (p == CHOOSE_PART_LOOKUPS)
		return v / best;
	return (best + floor) / (v + floor);
}

/* Each eligible candidate's ratio to the best on part p; a candidate
 * without the figure gets the worst measured ratio (or 1 if none is). */
static void rate_part(struct choose_ranking *k, enum choose_part p)
{
	double best = NAN, worst = 1.0;
	size_t i;

	for (i = 0; i < k->eligible; i++) {
		double v = choose_part_figure(k, &k->cand[i], p);

		if (!isnan(v) && (isnan(best) || (p == CHOOSE_PART_LOOKUPS ? v > best : v < best)))
			best = v;
	}
	for (i = 0; i < k->eligible; i++) {
		struct choose_candidate *c = &k->cand[i];
		double v = choose_part_figure(k, c, p);
		struct choose_range r = part_range(k, c, p);
		bool higher = p == CHOOSE_PART_LOOKUPS;

		c->ratio[p] = isnan(v) ? NAN : ratio_to(v, best, p);
		/* The ratio's range: its worse end from the figure's worse end. */
		if (isnan(r.lo) || isnan(r.hi))
			r = (struct choose_range){ v, v };
		r.lo = fmin(r.lo, v * (1 - CHOOSE_NOISE_FLOOR));
		r.hi = fmax(r.hi, v * (1 + CHOOSE_NOISE_FLOOR));
		c->ratio_lo[p] = isnan(v) ? NAN : ratio_to(higher ? r.lo : r.hi, best, p);
		c->ratio_hi[p] = isnan(v) ? NAN : ratio_to(higher ? r.hi : r.lo, best, p);
		if (!isnan(v) && c->ratio[p] < worst)
			worst = c->ratio[p];
	}
	for (i = 0; i < k->eligible; i++)
		if (isnan(k->cand[i].ratio[p])) {
			k->cand[i].ratio[p] = k->cand[i].ratio_lo[p] = k->cand[i].ratio_hi[p] = worst;
			k->cand[i].unmeasured |= 1u << p;
		}
}

/* The parts that count: lookups if every candidate measured for this
 * program has them, else the read-side markers' cost, and the stated
 * priority. */
static void choose_weights(struct choose_ranking *k)
{
	size_t i;
	bool lookups = k->eligible > 0;

	for (i = 0; i < k->eligible; i++)
		if (!k->cand[i].figures_moot &&
		    isnan(choose_part_figure(k, &k->cand[i], CHOOSE_PART_LOOKUPS)))
			lookups = false;
	memset(k->weight, 0, sizeof(k->weight));
	k->weight[lookups ? CHOOSE_PART_LOOKUPS : CHOOSE_PART_READ] = 1.0;
	if (k->constraints.priority == CHOOSE_PRIORITY_LATENCY)
		k->weight[CHOOSE_PART_LATENCY] = 0.5;
	else if (k->constraints.priority == CHOOSE_PRIORITY_CPU)
		k->weight[CHOOSE_PART_CPU] = 0.5;
}

static void score(struct choose_ranking *k)
{
	double total = 0;
	size_t i;
	int p;

	for (p = 0; p < CHOOSE_PARTS; p++)
		if (k->weight[p] > 0) {
			rate_part(k, p);
			total += k->weight[p];
		}
	for (i = 0; i < k->eligible; i++) {
		struct choose_candidate *c = &k->cand[i];
		double sum = 0, lo = 0, hi = 0;

		for (p = 0; p < CHOOSE_PARTS; p++)
			if (k->weight[p] > 0) {
				sum += k->weight[p] * log(c->ratio[p]);
				lo += k->weight[p] * log(c->ratio_lo[p]);
				hi += k->weight[p] * log(c->ratio_hi[p]);
			}
		c->score = exp(sum / total);
		c->score_lo = exp(lo / total);
		c->score_hi = exp(hi / total);
	}
}

/* Eligible first; among them the SRCU domains first where many are
 * asked for, then by score, on a tie the table's default and then
 * rcutable's own, then by name; the ruled-out by name. */
static int cmp_candidates(const void *a, const void *b)
{
	const struct choose_candidate *x = a, *y = b;

	if (!x->excluded != !y->excluded)
		return x->excluded ? 1 : -1;
	if (!x->excluded && x->one_domain != y->one_domain)
		return x->one_domain ? 1 : -1;
	if (!x->excluded && x->score != y->score)
		return x->score > y->score ? -1 : 1;
	if (!x->excluded && x->is_default != y->is_default)
		return x->is_default ? -1 : 1;
	if (!x->excluded && choose_is_peer(x->impl) != choose_is_peer(y->impl))
		return choose_is_peer(x->impl) ? 1 : -1;
	return strcmp(x->impl->name, y->impl->name);
}

static bool is_default(const struct choose_candidate *c)
{
	return c->is_default;
}

static bool is_fallback(const struct choose_candidate *c)
{
	return c->is_fallback;
}

static bool is_default_flavor(const struct choose_candidate *c)
{
	return c->default_flavor;
}

/* The flavor of the implementation named name (RCU if none is). */
static enum rcutable_flavor flavor_of(const char *name)
{
	for (size_t i = 0; i < choose_impl_count; i++)
		if (!strcmp(choose_impls[i].name, name))
			return choose_impls[i].flavor;
	return RCUTABLE_FLAVOR_RCU;
}

static bool is_own(const struct choose_candidate *c)
{
	return !choose_is_peer(c->impl);
}

/* Move the first candidate that wanted() says, if its score's range meets
 * the first's (the two are apart by less than their spread), to the front. */
static void keep_first(struct choose_ranking *k, bool (*wanted)(const struct choose_candidate *),
		       const char *why)
{
	for (size_t i = 1; i < k->eligible; i++) {
		struct choose_candidate c = k->cand[i];

		if (!wanted(&c))
			continue;
		if (c.one_domain != k->cand[0].one_domain || !choose_tied(&c, &k->cand[0]))
			return;
		if (k->cand[0].score > c.score)
			k->kept_first = why;
		memmove(&k->cand[1], &k->cand[0], i * sizeof(k->cand[0]));
		k->cand[0] = c;
		return;
	}
}

/* The best score's candidate, wherever keep_first() put it. */
static const struct choose_candidate *best_scored(const struct choose_ranking *k)
{
	const struct choose_candidate *best = k->eligible ? &k->cand[0] : NULL;

	for (size_t i = 1; i < k->eligible; i++)
		if (k->cand[i].one_domain == best->one_domain && k->cand[i].score > best->score)
			best = &k->cand[i];
	return best;
}

void choose_rank(const struct choose_constraints *c, const struct choose_results *r,
		 struct choose_ranking *k)
{
	enum rcutable_flavor dflt_flavor;
	bool dflt_eligible = false;
	size_t i;

	memset(k, 0, sizeof(*k));
	k->constraints = *c;
	k->results = r;
	k->dflt = table_default(c);
	dflt_flavor = flavor_of(k->dflt.impl);
	for (i = 0; i < choose_impl_count && k->n < sizeof(k->cand) / sizeof(k->cand[0]); i++) {
		struct choose_candidate *cand = &k->cand[k->n++];

		cand->impl = &choose_impls[i];
		cand->fig = choose_figures_of(r, cand->impl->name);
		cand->excluded = exclusions_of(cand->impl, c);
		cand->figures_moot = !c->yes[CHOOSE_Q_MEMBARRIER] &&
				     (cand->impl->requirements & RCUTABLE_PREFERS_MEMBARRIER);
		cand->is_default = !strcmp(cand->impl->name, k->dflt.impl);
		cand->is_fallback = k->dflt.fallback && !strcmp(cand->impl->name, k->dflt.fallback);
		cand->default_flavor = cand->impl->flavor == dflt_flavor;
		cand->one_domain = c->yes[CHOOSE_Q_DOMAINS] &&
				   cand->impl->flavor != RCUTABLE_FLAVOR_SRCU;
		if (!cand->excluded) {
			k->eligible++;
			dflt_eligible |= cand->is_default;
		}
	}
	/* Eligible first, so that cand[0..eligible) can be scored. */
	qsort(k->cand, k->n, sizeof(k->cand[0]), cmp_candidates);
	choose_weights(k);
	score(k);
	qsort(k->cand, k->eligible, sizeof(k->cand[0]), cmp_candidates);
	if (k->eligible && !k->cand[0].is_default)
		keep_first(k, is_default, "the table's default");
	/* A tie whose candidates the table's default is not among would
	 * otherwise go to whichever scored higher in this run by less than
	 * the spread: the default's own design takes it. */
	if (k->eligible && !dflt_eligible && !k->cand[0].is_fallback)
		keep_first(k, is_fallback, "the table's default's own design without membarrier()");
	if (k->eligible && !k->cand[0].default_flavor)
		keep_first(k, is_default_flavor, "the best of the table's default's flavor");
	if (k->eligible && !is_own(&k->cand[0]))
		keep_first(k, is_own, "rcutable's own best, not a peer");
	k->best_scored = best_scored(k);
}

const struct choose_candidate *choose_first(const struct choose_ranking *k)
{
	return k->eligible ? &k->cand[0] : NULL;
}

const struct choose_candidate *choose_first_own(const struct choose_ranking *k)
{
	for (size_t i = 0; i < k->eligible; i++)
		if (!choose_is_peer(k->cand[i].impl))
			return &k->cand[i];
	return NULL;
}

bool choose_tied(const struct choose_candidate *a, const struct choose_candidate *b)
{
	return a->score_hi >= b->score_lo && b->score_hi >= a->score_lo;
}
