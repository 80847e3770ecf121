# plots/gp_vs_readers.gp: grace-period latency against reader threads, each
# point the p50 and its bar reaching up to the p99, normal grace periods
# left and expedited right, with the table's rules of thumb for this
# machine's CPUs and the host kernel's own grace period
# (membarrier(MEMBARRIER_CMD_GLOBAL)).  Points are measured at 0, 1, 2, 4,
# 8 and 16 readers only (evenly spaced), each implementation a little to
# the side.
load 'plots/common.gp'
set multiplot layout 1, 2 title sprintf("Grace-period latency against reader threads, %d CPUs\n(past %d readers, a reader preempted inside its section holds the grace period for the scheduler's time slices: milliseconds)", cpus, cpus)
n = words(impls)
off(k) = (k - (n + 1) / 2.0) * 0.06
set xlabel "reader threads"
set ylabel "latency (us, log scale): point p50, bar up to p99"
set logscale y
@set_readers_axis
set title "synchronize_rcu()"
plot for [k=1:n] data.'/gp-'.word(impls,k).'-normal.dat' using (readers_x($1) + off(k)):2:2:3 with yerrorbars lc rgb impl_col(k) pt impl_pt(k) title word(impls,k), \
     kernel_us with lines lc rgb "#333333" dt 4 title "host kernel's grace period (measured)"
set title "synchronize_rcu_expedited(), where it is the implementation's own"
plot for [j=1:words(eimpls)] data.'/gp-'.word(eimpls,j).'-expedited.dat' using (readers_x($1) + off(int(word(eidx,j)))):2:2:3 with yerrorbars lc rgb impl_col(int(word(eidx,j))) pt impl_pt(int(word(eidx,j))) title word(eimpls,j), \
     1.0 * cpus with lines lc rgb "#aa0000" dt 3 title "table: expedited RCU, 1 us per CPU", \
     0.2 * cpus with lines lc rgb "#aa6600" dt 3 title "table: expedited SRCU, 200 ns per CPU"
unset multiplot
