/* SPDX-License-Identifier: MIT */
/*
 * chooser/choose_explain.c: see choose_explain.h.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "choose_explain.h"

void choose_append(char *buf, size_t len, size_t *used, const char *fmt, ...)
{
	va_list ap;

	if (*used >= len)
		return;
	va_start(ap, fmt);
	*used += vsnprintf(buf + *used, len - *used, fmt, ap);
	va_end(ap);
	if (*used >= len)
		*used = len;	/* truncated: nothing more fits */
}
#define add choose_append

char *choose_figures_line(const struct choose_ranking *k, const struct choose_candidate *c,
			  char *buf, size_t len)
{
	const struct choose_figures *f = c->fig;
	double pct = k->constraints.update_pct, lookups, rwlock;
	size_t used = 0;

	buf[0] = '\0';
	if (!f) {
		snprintf(buf, len, "not measured in this run");
		return buf;
	}
	lookups = choose_lookups_at(f->lookups, pct);
	rwlock = choose_lookups_at(k->results->rwlock_lookups, pct);
	if (c->figures_moot)
		add(buf, len, &used, "(with membarrier(), which this program lacks) ");
	if (!isnan(lookups)) {
		double top = choose_hash_pct[CHOOSE_HASH_RATES - 1];

		add(buf, len, &used, "%.1f M lookups/s at %g%% updates%s on %d threads",
		    lookups / 1e6, fmin(pct, top), pct > top ? " (the highest rate measured)" : "",
		    k->results->threads);
		if (!isnan(rwlock) && rwlock > 0)
			add(buf, len, &used, " (%.1fx one pthread_rwlock_t)", lookups / rwlock);
		add(buf, len, &used, "; ");
	}
	if (!isnan(f->read_ns))
		add(buf, len, &used, "read-side pair %.2f ns; ", f->read_ns);
	if (!isnan(f->gp_us))
		add(buf, len, &used, "grace period p50 %.1f µs; ", f->gp_us);
	if (!isnan(f->exp_us))
		add(buf, len, &used, "expedited p50 %.1f µs; ", f->exp_us);
	if (!isnan(f->gp_cpu_us))
		add(buf, len, &used, "updater CPU %.1f µs per grace period; ", f->gp_cpu_us);
	if (!isnan(f->enqueue_ns))
		add(buf, len, &used, "callback enqueue %.1f ns; ", f->enqueue_ns);
	if (!isnan(f->flood_peak_pct))
		add(buf, len, &used, "call_rcu() flood peak %.0f%% outstanding; ", f->flood_peak_pct);
	if (used >= 2 && used < len && !strcmp(buf + used - 2, "; "))
		buf[used - 2] = '\0';	/* the last "; " */
	return buf;
}

/* "0.92 of the best lookups at 1% updates" for each part that counts. */
static void score_reason(const struct choose_ranking *k, const struct choose_candidate *c,
			 char *buf, size_t len)
{
	static const char *const part_names[CHOOSE_PARTS] = {
		"lookups per second", "read-side pair time", "expedited latency",
		"updater CPU per grace period" };
	size_t used = 0;
	int p;

	add(buf, len, &used, "score %.2f [%.2f, %.2f]:", c->score, c->score_lo, c->score_hi);
	for (p = 0; p < CHOOSE_PARTS; p++)
		if (k->weight[p] > 0)
			add(buf, len, &used, " %.2f of the best %s%s,", c->ratio[p],
			    part_names[p], c->unmeasured & (1u << p) ? " (not measured: ranked "
			    "as the worst measured)" : "");
	if (used && used <= len)
		buf[used - 1] = '\0';
}

size_t choose_reasons(const struct choose_ranking *k, const struct choose_candidate *c,
		      char lines[][CHOOSE_LINE], size_t max)
{
	const struct rcutable_impl *impl = c->impl;
	char apis[256];
	size_t n = 0;

	if (c->is_default && n < max)
		snprintf(lines[n++], CHOOSE_LINE, "the table's %s for these constraints is %s: "
			 "%s; in user space that is %s", k->dflt.row, k->dflt.kernel, k->dflt.why,
			 impl->name);
	if (c == &k->cand[0] && k->kept_first && n < max)
		snprintf(lines[n++], CHOOSE_LINE, "first as %s: the best score, %s's %.2f "
			 "[%.2f, %.2f], is not better beyond the spread of its own, %.2f "
			 "[%.2f, %.2f]", k->kept_first, k->best_scored->impl->name,
			 k->best_scored->score, k->best_scored->score_lo, k->best_scored->score_hi,
			 c->score, c->score_lo, c->score_hi);
	if (n < max)
		score_reason(k, c, lines[n++], CHOOSE_LINE);
	if (c->figures_moot && n < max)
		snprintf(lines[n++], CHOOSE_LINE, "its figures were measured with membarrier(); "
			 "without it its readers fence, which this run did not measure");
	if (impl->flavor == RCUTABLE_FLAVOR_SRCU && n < max)
		snprintf(lines[n++], CHOOSE_LINE, "SRCU's API: each section names its "
			 "srcu_struct, and srcu_read_unlock() takes srcu_read_lock()'s index");
	if (c->one_domain && n < max)
		snprintf(lines[n++], CHOOSE_LINE, "one domain for the whole process: a long "
			 "reader anywhere delays every grace period");
	if (n < max)
		snprintf(lines[n++], CHOOSE_LINE, "readers %s; %s%s", impl->readers_may_sleep ?
			 "may sleep" : "may not sleep", impl->readers_must_register ?
			 "reader threads register" : "threads need not register",
			 impl->readers_report_qs ? " and report quiescent states" : "");
	if (impl->needs[0] && n < max)
		snprintf(lines[n++], CHOOSE_LINE, "needs %s", impl->needs);
	if (impl->emulated && n < max)
		snprintf(lines[n++], CHOOSE_LINE, "emulated by rcutable's adapter, absent from "
			 "the library itself: %s", rcutable_api_list(impl->emulated, apis,
								       sizeof(apis)));
	return n;
}

char *choose_answer_text(const struct choose_constraints *c, int q, char *buf, size_t len)
{
	enum choose_source s = c->source[q];

	snprintf(buf, len, "%s (%s%s%s)", c->yes[q] ? "yes" : "no", choose_source_name(s),
		 s == CHOOSE_PROBED ? ": " : "", s == CHOOSE_PROBED ? c->probe_note : "");
	return buf;
}

size_t choose_exclusions_text(const struct choose_ranking *k, const struct choose_candidate *c,
			      char lines[][CHOOSE_LINE], size_t max)
{
	char answer[256];
	size_t n = 0;

	for (unsigned i = 0; i < CHOOSE_EXCLUSIONS && n < max; i++) {
		int q = choose_exclusion_question(i);

		if (!(c->excluded & (1u << i)))
			continue;
		if (q < 0)
			snprintf(lines[n++], CHOOSE_LINE, "%s", choose_exclusion_reason(i));
		else
			snprintf(lines[n++], CHOOSE_LINE, "%s (%s: %s)", choose_exclusion_reason(i),
				 choose_questions[q].label,
				 choose_answer_text(&k->constraints, q, answer, sizeof(answer)));
	}
	return n;
}

char *choose_peer_advice(const struct choose_ranking *k, char *buf, size_t len)
{
	const struct choose_candidate *first = choose_first(k), *own = choose_first_own(k);

	if (!first || !choose_is_peer(first->impl))
		return NULL;
	if (own && own->one_domain != first->one_domain)
		own = NULL;	/* not comparable: a tier of its own */
	if (!own)
		snprintf(buf, len, "a peer library is the only choice here: %s (%s); none of "
			 "rcutable's own implementations meets these constraints as well",
			 first->impl->name, first->impl->summary);
	else
		snprintf(buf, len, "a peer library is the better choice here: %s scores %.2f "
			 "[%.2f, %.2f], rcutable's best, %s, %.2f [%.2f, %.2f] (%.2fx, beyond "
			 "the spread of both, within which rcutable's own would stay first)",
			 first->impl->name, first->score, first->score_lo, first->score_hi,
			 own->impl->name, own->score, own->score_lo, own->score_hi,
			 first->score / own->score);
	return buf;
}
