# plots/read_side.gp: read-side cost per implementation, bars with error
# bars (one standard deviation over repetitions), on a log scale so that
# the sub-nanosecond pairs stay apart.
# Data: impl, then mean and stddev for alone, nested 3 deep, beside an updater.
load 'plots/common.gp'
set title "Read-side cost (lower is better; error bars: one standard deviation over repetitions)"
set ylabel "ns per outermost rcu_read_lock()+rcu_read_unlock() (log scale)"
set style data histogram
set style histogram errorbars gap 2 lw 1
set style fill solid 0.7 border -1
set logscale y
set yrange [0.1:*]
set xtics rotate by -30
plot data.'/read_side.dat' using 2:3:xtic(1) title "alone", \
     '' using 4:5 title "nested 3 deep", \
     '' using 6:7 title "beside a synchronize_rcu() loop"
