#!/bin/sh
# The sample outputs in README.md and docs/usage.md are fsreport's own
# output on the examples (scripts/doc-samples.py; "--update" rewrites
# them), so the docs cannot drift from the tool again: README showed
# "+78478.03%" and the change of the arithmetic means long after the
# tool printed neither.
. "$(dirname "$0")/lib.sh"

test_expect_success 'every sample in README and docs/usage.md is current' '
	command -v python3 >/dev/null || { skip "no python3"; return 0; }
	(cd "$TOP" && python3 scripts/doc-samples.py "$FSREPORT" \
		README.md docs/usage.md)
'

test_expect_success 'the samples are there to check (markers present)' '
	test "$(grep -c "^<!-- sample: " "$TOP/README.md")" -ge 2 &&
	test "$(grep -c "^<!-- sample: " "$TOP/docs/usage.md")" -ge 1
'

test_expect_success 'a stale sample is found' '
	command -v python3 >/dev/null || { skip "no python3"; return 0; }
	printf "%s\n" "<!-- sample: show $TOP/examples/postmark/buffered | lines 1-1 -->" \
		"\`\`\`" "not what it prints" "\`\`\`" >doc.md &&
	test_expect_code 1 python3 "$TOP/scripts/doc-samples.py" \
		"$FSREPORT" doc.md >out &&
	grep -q "is not what fsreport prints" out
'

test_done
