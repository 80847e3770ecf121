# plots/srcu_gp_vs_readers.gp: SRCU's grace-period latency (p50) against
# reader threads, normal and expedited, for each SRCU implementation, with
# the table's rule of thumb for expedited SRCU (200 ns per CPU) and the low
# end of its "10s of milliseconds" for normal grace periods.
load 'plots/common.gp'
set title sprintf("SRCU grace-period latency against reader threads (%d CPUs; oversubscribed past %d)", cpus, cpus)
set xlabel "reader threads"
set ylabel "p50 latency (us, log scale)"
set logscale y
set xrange [-0.5:16.5]
set xtics (0, 1, 2, 4, 8, 16)
set key below
plot for [k=1:words(impls)] data.'/srcu-gp-'.word(impls,k).'-normal.dat' using 1:2 with linespoints lw 2 lc k title 'synchronize_srcu(), '.word(impls,k), \
     for [k=1:words(impls)] data.'/srcu-gp-'.word(impls,k).'-expedited.dat' using 1:2 with linespoints lw 2 dt 2 lc k title 'synchronize_srcu_expedited(), '.word(impls,k), \
     0.2 * cpus with lines lc rgb "#aa6600" dt 3 title "table: expedited SRCU, 200 ns per CPU", \
     10000 with lines lc rgb "#aa0000" dt 3 title "table: SRCU grace period, 10s of milliseconds (from 10 ms)"
