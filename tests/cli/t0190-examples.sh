#!/bin/sh
# Every examples/<name>.sh prints exactly examples/results/<name>.out
# (examples double as tests; "make golden-update" does not touch these:
# regenerate one with "sh examples/<name>.sh > examples/results/<name>.out").
. "$(dirname "$0")/lib.sh"

for ex in "$EXAMPLES"/*.sh; do
	name=${ex##*/}
	name=${name%.sh}
	[ "$name" = demo ] && continue
	test_expect_success "example $name prints examples/results/$name.out" "
		mkdir out &&
		(cd \"\$TOP\" && OUT=\"\$OLDPWD/out\" sh \"$ex\") >actual &&
		test_cmp \"\$EXAMPLES/results/$name.out\" actual
	"
done

test_done
