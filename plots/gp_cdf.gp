# plots/gp_cdf.gp: cumulative distribution of grace-period latency, one
# reader thread: normal grace periods left, expedited right (only where
# the expedited grace period is the implementation's own: eimpls, at eidx
# in impls, whose colour it keeps).
load 'plots/common.gp'
set multiplot layout 1, 2 title "Grace-period latency, 1 reader thread running short sections"
set xlabel "latency (us, log scale)"
set ylabel "fraction of grace periods"
set logscale x
set yrange [0:1]
set title "synchronize_rcu()"
plot for [k=1:words(impls)] data.'/cdf-'.word(impls,k).'-normal.dat' using 1:2 with lines lw 2 lc rgb impl_col(k) dt impl_dt(k) title word(impls,k)
set title "synchronize_rcu_expedited(), where it is the implementation's own"
plot for [j=1:words(eimpls)] data.'/cdf-'.word(eimpls,j).'-expedited.dat' using 1:2 with lines lw 2 lc rgb impl_col(int(word(eidx,j))) dt impl_dt(int(word(eidx,j))) title word(eimpls,j)
unset multiplot
