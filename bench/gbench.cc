// SPDX-License-Identifier: MIT
// bench/gbench.cc: the C API of gbench.h over Google Benchmark.
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "gbench.h"

struct gbench_bm {
	benchmark::internal::Benchmark *b;
};

struct gbench_state {
	benchmark::State *st;
	void *arg;
	std::map<std::string, std::vector<double>> samples;
};

namespace {

double percentile(std::vector<double> &v, double p)
{
	size_t i = static_cast<size_t>(p * static_cast<double>(v.size() - 1));

	std::nth_element(v.begin(), v.begin() + static_cast<long>(i), v.end());
	return v[i];
}

void report_samples(gbench_state &s)
{
	for (auto &kv : s.samples) {
		std::vector<double> &v = kv.second;

		if (v.empty())
			continue;
		const auto avg = benchmark::Counter::kAvgThreads;
		double max = *std::max_element(v.begin(), v.end());
		s.st->counters[kv.first + "_p50"] = benchmark::Counter(percentile(v, 0.50), avg);
		s.st->counters[kv.first + "_p99"] = benchmark::Counter(percentile(v, 0.99), avg);
		s.st->counters[kv.first + "_max"] = benchmark::Counter(max, avg);
		s.st->counters[kv.first + "_n"] = benchmark::Counter(static_cast<double>(v.size()), avg);
	}
}

} // namespace

extern "C" {

gbench_bm *gbench_register(const char *name, gbench_fn fn, void *arg)
{
	auto *bm = new gbench_bm;

	bm->b = benchmark::RegisterBenchmark(name, [fn, arg](benchmark::State &st) {
		gbench_state s{&st, arg, {}};

		fn(&s);
		report_samples(s);
	});
	return bm;
}

gbench_bm *gbench_arg(gbench_bm *bm, long long v) { bm->b->Arg(v); return bm; }
gbench_bm *gbench_threads(gbench_bm *bm, int n) { bm->b->Threads(n); return bm; }
gbench_bm *gbench_iterations(gbench_bm *bm, long long n) { bm->b->Iterations(n); return bm; }
gbench_bm *gbench_repetitions(gbench_bm *bm, int n) { bm->b->Repetitions(n); return bm; }
gbench_bm *gbench_manual_time(gbench_bm *bm) { bm->b->UseManualTime(); return bm; }

gbench_bm *gbench_unit(gbench_bm *bm, enum gbench_unit u)
{
	static const benchmark::TimeUnit units[] = {
		benchmark::kNanosecond, benchmark::kMicrosecond,
		benchmark::kMillisecond, benchmark::kSecond,
	};
	bm->b->Unit(units[u]);
	return bm;
}

bool gbench_keep_running(gbench_state *s) { return s->st->KeepRunning(); }
long long gbench_range(gbench_state *s, int i) { return s->st->range(static_cast<size_t>(i)); }
int gbench_thread_index(gbench_state *s) { return s->st->thread_index(); }
int gbench_thread_count(gbench_state *s) { return s->st->threads(); }
void *gbench_user_arg(gbench_state *s) { return s->arg; }
void gbench_pause_timing(gbench_state *s) { s->st->PauseTiming(); }
void gbench_resume_timing(gbench_state *s) { s->st->ResumeTiming(); }
void gbench_set_iteration_time(gbench_state *s, double t) { s->st->SetIterationTime(t); }
void gbench_skip_with_error(gbench_state *s, const char *m) { s->st->SkipWithError(m); }

void gbench_counter(gbench_state *s, const char *name, double v, unsigned flags)
{
	s->st->counters[name] = benchmark::Counter(v, static_cast<benchmark::Counter::Flags>(flags));
}

void gbench_sample(gbench_state *s, const char *name, double v)
{
	s->samples[name].push_back(v);
}

void gbench_context(const char *key, const char *value)
{
	benchmark::AddCustomContext(key, value);
}

int gbench_main(int argc, char **argv)
{
	benchmark::Initialize(&argc, argv);
	if (benchmark::ReportUnrecognizedArguments(argc, argv))
		return 1;
	benchmark::RunSpecifiedBenchmarks();
	benchmark::Shutdown();
	return 0;
}

} // extern "C"
