# plots/gp_cdf.gp: cumulative distribution of grace-period latency, normal
# and expedited, one reader thread, each implementation (expedited only
# where it is the implementation's own: eimpls, at eidx in impls, whose
# colour it keeps).
load 'plots/common.gp'
set title "Grace-period latency, 1 reader thread running short sections"
set xlabel "latency (us, log scale)"
set ylabel "fraction of grace periods"
set logscale x
set yrange [0:1]
set key below
plot for [k=1:words(impls)] data.'/cdf-'.word(impls,k).'-normal.dat' using 1:2 with lines lw 2 lc k title word(impls,k).' synchronize_rcu()', \
     for [j=1:words(eimpls)] data.'/cdf-'.word(eimpls,j).'-expedited.dat' using 1:2 with lines lw 2 dt 2 lc int(word(eidx,j)) title word(eimpls,j).' expedited'
