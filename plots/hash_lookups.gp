# plots/hash_lookups.gp: the RCU List APIs' hash table (bench/hash_bench.c):
# millions of lookups per second against threads, one panel per table
# (rows: bl, nulls) and update rate (columns: 0%, 1%, 10%), a line per
# implementation with bars from its repetitions' lowest to highest, and the
# rwlock table (magenta, dotted) in every panel.
load 'plots/common.gp'
set terminal pngcairo size 1500,1000 font "sans,10" noenhanced
set output out
set logscale x 2
set xrange [0.8:*]
set yrange [0:*]
set key off
nt = words(tables)
np = words(pcts)
set multiplot layout nt, np title "Hash-table lookups per second against threads (all threads together)" margins 0.05, 0.98, 0.22, 0.94 spacing 0.06, 0.1
do for [i=1:nt] {
	do for [j=1:np] {
		set title word(tables,i).' table, '.word(pcts,j).'% updates'
		set xlabel "threads"
		set ylabel "M lookups/s"
		if (i == nt && j == 1) { set key at screen 0.5, screen 0.12 center maxrows 5 box opaque } else { set key off }
		plot for [k=1:words(impls)] data.'/hash-'.word(impls,k).'-'.word(tables,i).'-'.word(pcts,j).'.dat' using 1:2:3:4 with yerrorlines lw 2 lc rgb impl_col(k) pt impl_pt(k) dt impl_dt(k) title word(impls,k), \
		     for [b in baseline] data.'/hash-'.b.'-'.b.'-'.word(pcts,j).'.dat' using 1:2:3:4 with yerrorlines lw 3 lc rgb "#ff00ff" dt 3 pt 4 title b.' (baseline)'
	}
}
unset multiplot
