# scripts/tap-groups.awk: summarise a Criterion TAP report by test group.
# Prints one line per group: GROUP STATUS PASSED FAILED SKIPPED [REASON]
# STATUS is pass (all ran and passed), fail (any failed), or n/a (all
# skipped; REASON is the first skip reason).
/^(not )?ok - / {
	failed_line = ($1 == "not")
	name = failed_line ? $4 : $3
	split(name, part, "::")
	g = part[1]
	if (!(g in seen)) { seen[g] = 1; order[++n] = g }
	if (failed_line)
		nfail[g]++
	else if ($0 ~ /# SKIP/) {
		nskip[g]++
		if (!(g in reason)) { r = $0; sub(/.*# SKIP */, "", r); reason[g] = r }
	} else
		npass[g]++
}
END {
	for (i = 1; i <= n; i++) {
		g = order[i]
		st = nfail[g] ? "fail" : (npass[g] ? "pass" : "n/a")
		printf "%s %s %d %d %d %s\n", g, st, npass[g], nfail[g], nskip[g], (st == "n/a" ? reason[g] : "")
	}
}
