#!/bin/sh
# Charts under a memory limit (issue 30): Pango, fontconfig and GLib die
# (SIGTRAP, SIGSEGV) when an allocation or a thread fails under
# "ulimit -v" of 64-112 MiB. fsreport reports that as exit 5, naming the
# limit, and leaves every old output as it was, no temporary behind.
. "$(dirname "$0")/lib.sh"
GOOD="$TOP/tests/bad/pts/good.xml"
EXT4="$TOP/examples/ext4-mount-options"

sanitized() {
	grep -q __asan_init "$FSREPORT" 2>/dev/null
}


for mb in 64 80 96; do
	test_expect_success "charts under ulimit -v of $mb MiB: exit 5, old outputs kept" "
		sanitized && { skip 'ASan reserves more than the limit'; return 0; }
		fsreport show \"\$EXT4\" --chart-dir charts >/dev/null &&
		echo old-svg >one.svg && echo old-txt >out.txt &&
		(cd charts && find . -type f | LC_ALL=C sort | xargs sha256sum) >before &&
		(ulimit -v $((mb * 1024)) &&
		 \"\$FSREPORT\" show \"\$EXT4\" -o out.txt --svg one.svg \
			--chart-dir charts 2>err; echo \$? >rc)
		cat err && test \"\$(cat rc)\" -eq 5 &&
		grep 'fsreport: internal error: .*chart module' err &&
		echo old-svg | test_cmp - one.svg &&
		echo old-txt | test_cmp - out.txt &&
		(cd charts && find . -type f | LC_ALL=C sort | xargs sha256sum) >after &&
		test_cmp before after &&
		! ls -a . charts | grep -q fsreport-tmp
	"
done

test_done
