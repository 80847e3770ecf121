# plots/gp_cdf.gp: cumulative distribution of grace-period latency, normal
# and expedited, one reader thread, each implementation (expedited only
# where it is the implementation's own: eimpls).
load 'plots/common.gp'
set title "Grace-period latency, 1 reader thread running short sections"
set xlabel "latency (us, log scale)"
set ylabel "fraction of grace periods"
set logscale x
set yrange [0:1]
set key top left
plot for [i in impls] data.'/cdf-'.i.'-normal.dat' using 1:2 with lines lw 2 title i.' synchronize_rcu()', \
     for [i in eimpls] data.'/cdf-'.i.'-expedited.dat' using 1:2 with lines lw 2 dt 2 title i.' expedited'
