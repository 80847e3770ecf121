# plots/updater_cpu.gp: the updater's CPU time per grace period (p50)
# against reader threads.
load 'plots/common.gp'
set title "Updater CPU time per grace period"
set xlabel "reader threads"
set ylabel "p50 CPU time of the caller (us, log scale)"
set logscale y
set xrange [-0.5:16.5]
set xtics (0, 1, 2, 4, 8, 16)
set key below
plot for [k=1:words(impls)] data.'/gp-'.word(impls,k).'-normal.dat' using 1:4 with linespoints lw 2 lc k title word(impls,k).' normal', \
     for [j=1:words(eimpls)] data.'/gp-'.word(eimpls,j).'-expedited.dat' using 1:4 with linespoints lw 2 dt 2 lc int(word(eidx,j)) title word(eimpls,j).' expedited'
