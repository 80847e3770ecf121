# plots/machines.gp: every machine's figures side by side (this run's and
# the scaling kit's from results/machines/): left, the grace periods beside
# as many reader threads as the machine has CPUs, against its CPUs, each
# point the p50 and its bar the span of its runs' 95% intervals, with the
# table's per-CPU rules; right, the read-side pair with N threads reading
# at once, against N, a line per implementation and machine (colour and
# point type the implementation's, as keyed on the left).  Only the files
# with points are named: gpn and gpe, the implementations' indexes with
# grace periods, normal and expedited; pk and pm, pairwise, the
# implementation's and the machine's index of each read-pair line.
load 'plots/common.gp'
set multiplot layout 1, 2 title "Machines side by side: ".mlabels
set logscale xy
set xlabel "CPUs (and reader threads: as many)"
set ylabel "grace-period latency p50 (us, log scale)"
set title "synchronize_rcu() (solid points) and synchronize_rcu_expedited() (open) beside a reader per CPU"
set xrange [0.8:*]
plot for [s in gpn] data.'/machines-gp-'.word(impls,int(s)).'-normal.dat' using 1:2:3:4 with yerrorlines lc rgb impl_col(int(s)) pt impl_pt(int(s)) dt impl_dt(int(s)) title word(impls,int(s)), \
     for [s in gpe] data.'/machines-gp-'.word(impls,int(s)).'-expedited.dat' using 1:2:3:4 with yerrorlines lc rgb impl_col(int(s)) pt (impl_pt(int(s)) - 1) dt 3 notitle, \
     1.0 * x with lines lc rgb "#aa0000" dt 3 title "table: expedited RCU, 1 us per CPU", \
     0.2 * x with lines lc rgb "#aa6600" dt 3 title "table: expedited SRCU, 200 ns per CPU"
set xlabel "threads reading at once, one per CPU"
set ylabel "read-side pair (ns, log scale)"
set title "The read-side pair against threads (bars: lowest and highest repetition)"
unset key
plot for [j=1:words(pk)] data.'/machines-pair-'.word(impls,int(word(pk,j))).'-'.word(pm,j).'.dat' using 1:2:3:4 with yerrorlines lc rgb impl_col(int(word(pk,j))) pt impl_pt(int(word(pk,j))) dt impl_dt(int(word(pk,j))) notitle
unset multiplot
