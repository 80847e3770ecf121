# plots/gp_vs_readers.gp: grace-period latency (p50) against reader threads,
# with the table's rules of thumb for this machine's CPUs and the host
# kernel's own grace period (membarrier(MEMBARRIER_CMD_GLOBAL)).
load 'plots/common.gp'
set title sprintf("Grace-period latency against reader threads (%d CPUs; oversubscribed past %d)", cpus, cpus)
set xlabel "reader threads"
set ylabel "p50 latency (us, log scale)"
set logscale y
set xrange [-0.5:16.5]
set xtics (0, 1, 2, 4, 8, 16)
set key below
plot for [k=1:words(impls)] data.'/gp-'.word(impls,k).'-normal.dat' using 1:2 with linespoints lw 2 lc k title word(impls,k).' normal', \
     for [j=1:words(eimpls)] data.'/gp-'.word(eimpls,j).'-expedited.dat' using 1:2 with linespoints lw 2 dt 2 lc int(word(eidx,j)) title word(eimpls,j).' expedited', \
     1.0 * cpus with lines lc rgb "#aa0000" dt 3 title "table: expedited RCU, 1 us per CPU", \
     0.2 * cpus with lines lc rgb "#aa6600" dt 3 title "table: expedited SRCU, 200 ns per CPU", \
     kernel_us with lines lc rgb "#333333" dt 4 title "host kernel's grace period (measured)"
