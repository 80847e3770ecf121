// SPDX-License-Identifier: MIT
// bench/gbench.cc: the C API of gbench.h over Google Benchmark.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "gbench.h"

struct gbench_bm {
	benchmark::internal::Benchmark *b;
	std::string name;
	int family;			// registration order, as Google Benchmark's
	bool started;			// its start was reported on stderr
	bool has_args;			// gbench_arg() was called
	bool keep_samples;		// gbench_keep_samples() was called
	bool fixed_iterations;		// gbench_iterations() was called: no
					// calibration runs, every run counts
};

struct gbench_state {
	benchmark::State *st;
	void *arg;
	std::map<std::string, std::vector<double>> samples;
};

namespace {

int families;
std::string samples_dir;	// gbench_write_samples()
std::set<std::string> samples_written;	// its files written so far
std::chrono::steady_clock::time_point t0 = std::chrono::steady_clock::now();

double elapsed()
{
	return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Forwards to the display reporter Google Benchmark would have used and
// reports each finished benchmark on stderr.
class ProgressReporter : public benchmark::BenchmarkReporter {
public:
	explicit ProgressReporter(benchmark::BenchmarkReporter *inner) : inner_(inner) {}
	bool ReportContext(const Context &c) override { return inner_->ReportContext(c); }
	void ReportRuns(const std::vector<Run> &runs) override
	{
		inner_->ReportRuns(runs);
		for (const Run &r : runs)
			if (r.run_type == Run::RT_Iteration)
				std::fprintf(stderr, "[%7.1f s] done: %s (repetition %lld of %lld)\n",
					     elapsed(), r.benchmark_name().c_str(),
					     static_cast<long long>(r.repetition_index) + 1,
					     static_cast<long long>(r.repetitions));
	}
	void Finalize() override { inner_->Finalize(); }

private:
	std::unique_ptr<benchmark::BenchmarkReporter> inner_;
};

double percentile(std::vector<double> &v, double p)
{
	size_t i = static_cast<size_t>(p * static_cast<double>(v.size() - 1));

	std::nth_element(v.begin(), v.begin() + static_cast<long>(i), v.end());
	return v[i];
}

// The 95% confidence interval of the p quantile, free of any assumption on
// the distribution: the samples whose ranks are n p -/+ 1.96 sqrt(n p (1 - p))
// (the count of samples below the quantile is binomial; its normal
// approximation), the lowest and the highest at the ends.
std::pair<double, double> percentile_interval(std::vector<double> &v, double p)
{
	const double n = static_cast<double>(v.size());
	const double half = 1.96 * std::sqrt(n * p * (1 - p));
	auto rank = [n](double r) {
		return static_cast<size_t>(std::min(std::max(r, 0.0), n - 1));
	};
	const size_t lo = rank(std::floor(n * p - half)), hi = rank(std::ceil(n * p + half));

	std::nth_element(v.begin(), v.begin() + static_cast<long>(lo), v.end());
	const double low = v[lo];
	std::nth_element(v.begin(), v.begin() + static_cast<long>(hi), v.end());
	return {low, v[hi]};
}

// <dir>/<benchmark>[_<arg>][_t<threads>].<sample>.txt, '/' as '_'.  The
// repetitions of a benchmark with a fixed iteration count add to the file
// (each of its runs is one); another's last run replaces it (its earlier
// runs were Google Benchmark's calibration).
void write_samples(const gbench_bm &bm, gbench_state &s, const std::string &sample,
		   const std::vector<double> &v)
{
	std::string file = bm.name;

	if (bm.has_args)
		file += "_" + std::to_string(s.st->range(0));
	if (s.st->threads() > 1)
		file += "_t" + std::to_string(s.st->threads());
	std::replace(file.begin(), file.end(), '/', '_');
	file = samples_dir + "/" + file + "." + sample + ".txt";
	const bool add = bm.fixed_iterations && samples_written.count(file);
	FILE *f = std::fopen(file.c_str(), add ? "a" : "w");

	samples_written.insert(file);
	if (!f) {
		std::perror(file.c_str());
		return;
	}
	for (double x : v)
		std::fprintf(f, "%.9g\n", x);
	std::fclose(f);
}

void report_samples(const gbench_bm &bm, gbench_state &s)
{
	for (auto &kv : s.samples) {
		std::vector<double> &v = kv.second;

		if (v.empty())
			continue;
		if (bm.keep_samples && !samples_dir.empty() && s.st->thread_index() == 0)
			write_samples(bm, s, kv.first, v);
		const auto avg = benchmark::Counter::kAvgThreads;
		double max = *std::max_element(v.begin(), v.end());
		for (const auto &q : { std::make_pair(std::string("_p50"), 0.50),
				       std::make_pair(std::string("_p99"), 0.99) }) {
			const auto ci = percentile_interval(v, q.second);

			s.st->counters[kv.first + q.first] =
				benchmark::Counter(percentile(v, q.second), avg);
			s.st->counters[kv.first + q.first + "_lo"] = benchmark::Counter(ci.first, avg);
			s.st->counters[kv.first + q.first + "_hi"] = benchmark::Counter(ci.second, avg);
		}
		s.st->counters[kv.first + "_max"] = benchmark::Counter(max, avg);
		s.st->counters[kv.first + "_n"] = benchmark::Counter(static_cast<double>(v.size()), avg);
	}
}

} // namespace

extern "C" {

gbench_bm *gbench_register(const char *name, gbench_fn fn, void *arg)
{
	auto *bm = new gbench_bm{nullptr, name, families++, false, false, false, false};

	bm->b = benchmark::RegisterBenchmark(name, [fn, arg, bm](benchmark::State &st) {
		gbench_state s{&st, arg, {}};

		if (!bm->started && st.thread_index() == 0) {
			bm->started = true;
			std::fprintf(stderr, "[%7.1f s] running %d of %d registered: %s\n", elapsed(),
				     bm->family + 1, families, bm->name.c_str());
		}
		fn(&s);
		report_samples(*bm, s);
	});
	return bm;
}

gbench_bm *gbench_arg(gbench_bm *bm, long long v)
{
	bm->b->Arg(v);
	bm->has_args = true;
	return bm;
}
gbench_bm *gbench_keep_samples(gbench_bm *bm)
{
	bm->keep_samples = true;
	return bm;
}

gbench_bm *gbench_threads(gbench_bm *bm, int n) { bm->b->Threads(n); return bm; }
gbench_bm *gbench_iterations(gbench_bm *bm, long long n)
{
	bm->b->Iterations(n);
	bm->fixed_iterations = true;
	return bm;
}
gbench_bm *gbench_repetitions(gbench_bm *bm, int n) { bm->b->Repetitions(n); return bm; }
gbench_bm *gbench_manual_time(gbench_bm *bm) { bm->b->UseManualTime(); return bm; }
gbench_bm *gbench_real_time(gbench_bm *bm) { bm->b->UseRealTime(); return bm; }

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
void gbench_label(gbench_state *s, const char *l) { s->st->SetLabel(l); }

void gbench_counter(gbench_state *s, const char *name, double v, unsigned flags)
{
	s->st->counters[name] = benchmark::Counter(v, static_cast<benchmark::Counter::Flags>(flags));
}

void gbench_sample(gbench_state *s, const char *name, double v)
{
	s->samples[name].push_back(v);
}

void gbench_write_samples(const char *dir)
{
	samples_dir = dir;
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
	ProgressReporter progress(benchmark::CreateDefaultDisplayReporter());

	benchmark::RunSpecifiedBenchmarks(&progress);
	benchmark::Shutdown();
	return 0;
}

} // extern "C"
