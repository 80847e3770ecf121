# scripts/tap-failures.awk: the failed tests of a Criterion TAP report, one
# line each: IMPL<TAB>GROUP::TEST<TAB>MESSAGE (awk -v impl=NAME).  MESSAGE
# is the report's diagnostic on one line: the rest of the "not ok" line
# (timed out, unexpected signal) and each failed assertion's message,
# separated by "; ".  A report with no plan (the runner died before writing
# it, or no report at all) gives one line for the whole suite.
function flush() {
	if (name == "")
		return
	if (msg == "")
		msg = "failed, with no failed assertion (a signal or exit status other than the test expects)"
	gsub(/\t/, " ", msg)
	printf "%s\t%s\t%s\n", impl, name, msg
	name = ""
}
function add(sep, text) {
	sub(/^ +/, "", text)
	msg = msg == "" ? text : msg sep text
}
/^1\.\./ { plan = 1 }
/^(not )?ok - / || /^#/ || /^  \.\.\.$/ { flush() }
/^not ok - / {
	name = $4
	rest = $0
	sub(/^not ok - [^ ]+ */, "", rest)
	msg = rest ~ /^\([0-9.]+s\)$/ ? "" : rest
	next
}
# A failed assertion's message, and the further lines of a long one.
name != "" && /^      Assertion failed: / { add("; ", $0); next }
name != "" && /^      / { add(" ", $0) }
END {
	flush()
	if (!plan)
		printf "%s\t(suite)\tno TAP report with a plan: the test runner died (see its conformance.log)\n", impl
}
