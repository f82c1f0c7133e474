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

test_expect_success 'render/ derives no decimals from a magnitude (axis ticks are the view'"'"'s)' '
	sources >src &&
	! grep -E "dec(imals)?[a-z_]*[ 	]*=[^=].*(log10|floor|ceil|round)\(" src &&
	! grep -E "fsr_layout_number\([^;]*(log10|round)\(" src
'

# A number of decimals written as a literal into a call that prints a
# value: only the layout dump's pixels and opacities (canvas.c,
# --debug-layout).
test_expect_success 'render/ passes no literal decimals to what prints a value' '
	sources >src &&
	grep -E "(fsr_vocab_pct|fsr_vocab_pct_brackets|fsr_buf_add_fixed|fsr_layout_number|number_format)\([^;]*, *[0-9]+ *[,)]" src >lit || true
	grep -v -e "^render/charts/canvas\.c:.*fsr_buf_add_fixed(b, x, 1)" \
		-e "^render/charts/canvas\.c:.*fsr_buf_add_fixed(out, s->alpha, 2)" lit >extra || true
	if test -s extra; then
		echo "render/ decides decimals itself (give them from view/):"
		cat extra
		false
	fi
'

# The precisions render/ may write itself, by file and format, none a
# figure a reader reads: the chart's size in pixels in an error message,
# and the data exports' round trip (a sample with the decimals the view
# gives, export.c; statistics at 15 digits, json.c, where the 15 to
# 17 digits a sample needs are lib/numbers.c's printer's). p values,
# percentages of a margin, CVs, counts of runs, durations and the
# e-notation of a far interval end are the view's (view/figures.c).
ALLOWED='^render/charts/chart\.c:.*%\.0f x %\.0f px
^render/data/export\.c:.*"%\.\*f", decimals
^render/data/json\.c:.*"%\.15g"'

PREC='%[-+ #0]*[0-9]*\.([0-9]+|\*)[fgeFGE]'

test_expect_success 'a precision written in render/ is one of the named few' '
	sources >src &&
	grep -E "$PREC" src >prec &&
	printf "%s\n" "$ALLOWED" >allowed &&
	grep -v -E -f allowed prec >extra || true
	if test -s extra; then
		echo "render/ decides a precision itself (give it from view/):"
		cat extra
		false
	fi
'

test_expect_success 'the check sees what it allows and what it forbids (not vacuous)' '
	sources >src &&
	printf "%s\n" "$ALLOWED" | while read -r re; do
		grep -q -E "$re" src || { echo "allowed but not seen: $re"; exit 1; }
	done &&
	printf "%s\n" "render/text/x.c:1:	printf(\"(p %.3f)\", p);" \
		"render/text/x.c:2:	printf(\"%5.2g%%\", cv);" \
		"render/text/x.c:3:	printf(\"%.*f\", d, x);" >planted &&
	test "$(grep -c -E "$PREC" planted)" = 3
'

test_done
