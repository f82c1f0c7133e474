#!/bin/sh
# Rule 3 of issue 31 (docs/usage.md, "One view"): how many decimals a
# value is printed with is decided in view/ only (view/decimals.c);
# render/ prints with the precision the view hands it. Checked on the
# sources: no function of render/ decides decimals, and a printf
# precision written into a format of render/ is one of the few below,
# each named with why it is no value of a result's.
. "$(dirname "$0")/lib.sh"

# render/'s C sources without their comments, as "file:line:text"
sources() {
	for f in "$TOP"/render/*.[ch] "$TOP"/render/*/*.[ch]; do
		awk -v f="${f#"$TOP"/}" '
			{ line = $0; out = "" }
			{
				while (line != "") {
					if (incom) {
						i = index(line, "*/");
						if (!i) { line = ""; break }
						line = substr(line, i + 2); incom = 0
					} else {
						i = index(line, "/*");
						if (!i) { out = out line; line = ""; break }
						out = out substr(line, 1, i - 1)
						line = substr(line, i + 2); incom = 1
					}
				}
				print f ":" NR ":" out
			}' "$f"
	done
}

test_expect_success 'no function of render/ decides decimals' '
	sources >src &&
	! grep -E "^[^:]*:[0-9]+:[a-z][a-z_ ]*[ *][a-z_]*dec(imals)?[a-z_]*\(" src
'

# The precisions render/ may write itself, by file and format: whole
# counts (runs, run sets, pixels: %.0f), p values (a probability, not a
# value of the result), JSON's full precision (%.15g), plan's machine
# time, the e-notation of an interval end from 1e7 % on, and the data
# exports' round trip: a sample with the decimals its source wrote
# (export.c), the 15 to 17 digits that read back as the same double
# (json.c).
ALLOWED='^render/text/compare_text\.c:.*%s%\.0f runs
^render/text/plan\.c:.*"%\.1f h"
^render/text/plan\.c:.*"%\.0f min"
^render/text/plan\.c:.*"%\.3g s"
^render/text/plan\.c:.*%\.3g each
^render/text/plan\.c:.*%5\.2g%%
^render/text/plan\.c:.*%7\.0f
^render/text/plan\.c:.*%\.0f runs per
^render/text/plan\.c:.*Every result: %\.0f
^render/text/check\.c:.*p_adj %\.4g
^render/text/check\.c:.*"%\.3g%%\), one-sided
^render/text/check\.c:.*\(p %\.2g;
^render/text/check\.c:.*detect %\.3g%%
^render/text/check\.c:.*%\.0f run sets would
^render/text/trend_text\.c:.*\(p %\.3f\)
^render/pages/trend_report\.c:.*\(p %\.3f\)
^render/data/json\.c:.*"%\.15g"
^render/vocab\.c:.*"%\+\.1e"
^render/charts/chart\.c:.*%\.0f x %\.0f px
^render/data/export\.c:.*"%\.\*f", decimals
^render/data/json\.c:.*"%\.\*g", p, x'

test_expect_success 'a precision written in render/ is one of the named few' '
	sources >src &&
	grep -E "%[-+ #0]*[0-9]*\.([0-9]+|\*)[fgeFGE]" src >prec &&
	printf "%s\n" "$ALLOWED" >allowed &&
	grep -v -E -f allowed prec >extra || true
	if test -s extra; then
		echo "render/ decides a precision itself (give it from view/):"
		cat extra
		false
	fi
'

test_expect_success 'the check sees the precisions it allows (not vacuous)' '
	sources >src &&
	grep -c -E "%[-+ #0]*[0-9]*\.[0-9]+[fgeFGE]" src >n &&
	test "$(cat n)" -ge 15
'

test_done
