#!/bin/sh
# Out of memory is exit 5 with a clear message, never a BUG (exit 134),
# a crash or an empty "malformed JSON" (issue 17). A shim
# (tests/fault/fault-malloc.c, LD_PRELOAD) makes every allocation over a
# limit fail, so the failure lands in the same place on every machine;
# no temporary file is left behind. lib/alloc.c's own exit is tested in
# tests/unit/test-alloc.c.
. "$(dirname "$0")/lib.sh"

SHIM="${BUILD:-$TOP/build}/tests/fault-malloc.so"

if ! test -f "$SHIM" || ldd "$FSREPORT" 2>/dev/null | grep -q 'lib[at]san'; then
	test_count=$((test_count + 1))
	echo "ok $test_count # skip no $SHIM (make check builds it), or a" \
	     "sanitizer owns malloc"
	test_done
	exit 0
fi

# limited BYTES ARGS...: fsreport where allocations over BYTES fail
limited() {
	lim=$1
	shift
	FSR_FAULT_MALLOC_OVER=$lim LD_PRELOAD=$SHIM "$FSREPORT" "$@"
}

# a 3 MB field, line, string in each format
big_inputs() {
	python3 - <<-'PY'
	big = "c" * 3000000
	open("big.csv", "w").write("test,value\n" + big + ",1\nt,2\n")
	open("big.log", "w").write("real 1.0\n" + big + "\nreal 2.0\n")
	open("big.json", "w").write(
	    '{"results": [{"mean": 1.5, "stddev": 0.5, "median": 1.5, '
	    '"user": 0, "system": 0, "min": 1, "max": 2, "times": [1, 2], '
	    '"exit_codes": [0, 0], "command": "' + big + '"}]}')
	PY
}

test_expect_success 'without a limit the inputs read (exit 0)' '
	big_inputs &&
	LD_PRELOAD=$SHIM fsreport show --format csv big.json >out &&
	grep -q ",hyperfine," out
'

test_expect_success 'CSV and timing importers: exit 5, says out of memory' '
	big_inputs &&
	for f in big.csv big.log; do
		test_expect_code 5 limited 2000000 show $f >out 2>err ||
			return 1
		cat err &&
		grep -q "out of memory" err &&
		! grep -q BUG err &&
		test_cmp /dev/null out || return 1
	done
'

test_expect_success 'JSON: reading the file, and inside jansson: exit 5' '
	big_inputs &&
	test_expect_code 5 limited 2000000 show big.json 2>err &&
	grep -q "big.json: out of memory" err &&
	test_expect_code 5 limited 3500000 show big.json 2>err &&
	echo "fsreport: out of memory" >expect &&
	test_cmp expect err
'

test_expect_success 'out of memory with -o: no temporary left behind' '
	big_inputs &&
	mkdir out &&
	test_expect_code 5 limited 3500000 show --format csv \
		-o out/report.csv big.json 2>err &&
	echo "fsreport: out of memory" >expect &&
	test_cmp expect err &&
	ls -A out >left &&
	test_cmp /dev/null left
'

test_done
