# plots/call_rcu_throughput.gp: callbacks invoked per second, one thread
# queueing with at most 16384 callbacks outstanding: a bar per
# implementation in its colour, the repetitions' lowest to highest drawn.
# Data: index, impl, median, lowest, highest.
load 'plots/common.gp'
set title "call_rcu() callback throughput (higher is better; error bars: lowest to highest of the repetitions and rounds)"
set ylabel "callbacks invoked per second (log scale)"
set logscale y
set style fill solid 0.7 border -1
set boxwidth 0.6
set xtics rotate by -30
set xrange [0.4:words(impls) + 0.6]
set key off
plot for [k=1:words(impls)] data.'/throughput.dat' every ::k-1::k-1 \
	using 1:3:xtic(2) with boxes lc rgb impl_col(k), \
     for [k=1:words(impls)] data.'/throughput.dat' every ::k-1::k-1 \
	using 1:3:4:5 with yerrorbars lc rgb "black" pt -1
