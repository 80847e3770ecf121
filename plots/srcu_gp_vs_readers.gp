# plots/srcu_gp_vs_readers.gp: SRCU's grace-period latency against reader
# threads, each point the p50 and its bar reaching up to the p99,
# synchronize_srcu() left and synchronize_srcu_expedited() right, for each
# SRCU implementation, with the low end of the table's "10s of
# milliseconds" and its rule of thumb for expedited SRCU (200 ns per CPU).
load 'plots/common.gp'
set multiplot layout 1, 2 title sprintf("SRCU grace-period latency against reader threads, %d CPUs\n(past %d readers, a reader preempted inside its section holds the grace period for the scheduler's time slices)", cpus, cpus)
n = words(impls)
off(k) = (k - (n + 1) / 2.0) * 0.06
set xlabel "reader threads"
set ylabel "latency (us, log scale): point p50, bar up to p99"
set logscale y
@set_readers_axis
set title "synchronize_srcu()"
plot for [k=1:n] data.'/srcu-gp-'.word(impls,k).'-normal.dat' using (readers_x($1) + off(k)):2:2:3 with yerrorbars lc rgb impl_col(k) pt impl_pt(k) title word(impls,k), \
     10000 with lines lc rgb "#aa0000" dt 3 title "table: SRCU grace period, 10s of milliseconds (from 10 ms)"
set title "synchronize_srcu_expedited()"
plot for [k=1:n] data.'/srcu-gp-'.word(impls,k).'-expedited.dat' using (readers_x($1) + off(k)):2:2:3 with yerrorbars lc rgb impl_col(k) pt impl_pt(k) title word(impls,k), \
     0.2 * cpus with lines lc rgb "#aa6600" dt 3 title "table: expedited SRCU, 200 ns per CPU"
unset multiplot
