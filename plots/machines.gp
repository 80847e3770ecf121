# plots/machines.gp: every machine's figures side by side (this run's and
# the scaling kit's from results/machines/): left, the grace periods beside
# as many reader threads as the machine has CPUs, against its CPUs, each
# point the p50 and its bar the span of its runs' 95% intervals, with the
# table's per-CPU rules; right, the read-side pair with N threads reading
# at once, against N, a line per implementation and machine (colour and
# point type the implementation's, as keyed on the left).
load 'plots/common.gp'
set multiplot layout 1, 2 title "Machines side by side: ".mlabels
n = words(impls)
set logscale xy
set xlabel "CPUs (and reader threads: as many)"
set ylabel "grace-period latency p50 (us, log scale)"
set title "synchronize_rcu() (solid points) and synchronize_rcu_expedited() (open) beside a reader per CPU"
set xrange [0.8:*]
plot for [k=1:n] data.'/machines-gp-'.word(impls,k).'-normal.dat' using 1:2:3:4 with yerrorlines lc rgb impl_col(k) pt impl_pt(k) dt impl_dt(k) title word(impls,k), \
     for [k=1:n] data.'/machines-gp-'.word(impls,k).'-expedited.dat' using 1:2:3:4 with yerrorlines lc rgb impl_col(k) pt (impl_pt(k) - 1) dt 3 notitle, \
     1.0 * x with lines lc rgb "#aa0000" dt 3 title "table: expedited RCU, 1 us per CPU", \
     0.2 * x with lines lc rgb "#aa6600" dt 3 title "table: expedited SRCU, 200 ns per CPU"
set xlabel "threads reading at once, one per CPU"
set ylabel "read-side pair (ns, log scale)"
set title "The read-side pair against threads (bars: lowest and highest repetition)"
unset key
plot for [k=1:n] for [m=1:nm] data.'/machines-pair-'.word(impls,k).'-'.m.'.dat' using 1:2:3:4 with yerrorlines lc rgb impl_col(k) pt impl_pt(k) dt impl_dt(k) notitle
unset multiplot
