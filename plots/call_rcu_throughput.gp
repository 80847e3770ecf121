# plots/call_rcu_throughput.gp: callbacks invoked per second, one thread
# queueing with at most 16384 callbacks outstanding.
load 'plots/common.gp'
set title "call_rcu() callback throughput (higher is better)"
set ylabel "callbacks invoked per second (log scale)"
set logscale y
set style data histogram
set style fill solid 0.7 border -1
set boxwidth 0.6
set xtics rotate by -30
set key off
plot data.'/throughput.dat' using 2:xtic(1)
