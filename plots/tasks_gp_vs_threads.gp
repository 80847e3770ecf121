# plots/tasks_gp_vs_threads.gp: RCU Tasks' grace-period latency (p50 and
# p99) against the threads beside the updater, idle (blocked on a condition
# variable) and alternating 1 ms spins and 1 ms sleeps, for each Tasks
# implementation, with the low end of the table's "from hundreds of
# milliseconds to minutes".
load 'plots/common.gp'
set title "RCU Tasks grace-period latency against the threads beside the updater"
set xlabel "threads beside the updater"
set ylabel "latency (us, log scale)"
set logscale y
set yrange [*:1e6]
set xrange [-0.5:16.5]
set xtics (0, 1, 4, 16)
set key below
plot for [k=1:words(impls)] data.'/tasks-gp-'.word(impls,k).'-idle.dat' using 1:2 with linespoints lw 2 lc rgb impl_col(k) pt 7 title 'p50, idle threads, '.word(impls,k), \
     for [k=1:words(impls)] data.'/tasks-gp-'.word(impls,k).'-idle.dat' using 1:3 with linespoints lw 2 dt 2 lc rgb impl_col(k) pt 6 title 'p99, idle threads, '.word(impls,k), \
     for [k=1:words(impls)] data.'/tasks-gp-'.word(impls,k).'-spin_sleep.dat' using 1:2 with points lc rgb impl_col(k) pt 5 ps 1.5 title 'p50, spin/sleep threads, '.word(impls,k), \
     for [k=1:words(impls)] data.'/tasks-gp-'.word(impls,k).'-spin_sleep.dat' using 1:3 with points lc rgb impl_col(k) pt 4 ps 1.5 title 'p99, spin/sleep threads, '.word(impls,k), \
     100000 with lines lc rgb "#aa0000" dt 3 title "table: RCU Tasks grace period, from hundreds of milliseconds (100 ms)"
