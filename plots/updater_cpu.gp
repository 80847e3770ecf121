# plots/updater_cpu.gp: the updater's CPU time per grace period against
# reader threads, each point the p50 and its bar reaching up to the p99,
# normal grace periods left and expedited right.
load 'plots/common.gp'
set multiplot layout 1, 2 title "Updater CPU time per grace period"
n = words(impls)
off(k) = (k - (n + 1) / 2.0) * 0.06
set xlabel "reader threads"
set ylabel "CPU time of the caller (us, log scale): point p50, bar up to p99"
set logscale y
@set_readers_axis
set title "synchronize_rcu()"
plot for [k=1:n] data.'/gp-'.word(impls,k).'-normal.dat' using (readers_x($1) + off(k)):4:4:5 with yerrorbars lc rgb impl_col(k) pt impl_pt(k) title word(impls,k)
set title "synchronize_rcu_expedited(), where it is the implementation's own"
plot for [j=1:words(eimpls)] data.'/gp-'.word(eimpls,j).'-expedited.dat' using (readers_x($1) + off(int(word(eidx,j)))):4:4:5 with yerrorbars lc rgb impl_col(int(word(eidx,j))) pt impl_pt(int(word(eidx,j))) title word(eimpls,j)
unset multiplot
