#!/bin/sh
# Hostile XML: external entities never read (a marker file's text never
# shows up anywhere), nothing fetched from the network, entity bombs
# refused quickly with exit 3, deep nesting and huge text nodes handled
# within a memory bound. Where strace works, the system calls prove it:
# the marker file is never opened, no socket is ever created.
. "$(dirname "$0")/lib.sh"

# Under "sh tests/valgrind/run.sh BUILD all" fsreport runs tens of times
# slower and valgrind's own memory is what a peak RSS would measure:
# stretch the time limits, leave the memory bounds to memcheck.
if [ -n "${FSR_VALGRIND:-}" ]; then
	SLOW=30
	RSS_CAP_KB=100000000
else
	SLOW=1
	RSS_CAP_KB=800000
fi

MARKER=FSREPORT-SECRET-MARKER-7f3a

# A PTS file whose first result's title carries $1 (entity references),
# with the DOCTYPE $2 in front.
pts_with() {
	printf '<?xml version="1.0"?>\n%s\n' "$2"
	cat <<EOF
<PhoronixTestSuite>
  <Generated><Title>t $1</Title></Generated>
  <System><Identifier>a</Identifier></System>
  <Result>
    <Identifier>pts/x-1.0.0</Identifier>
    <Title>T $1</Title>
    <Scale>MB/s</Scale>
    <Proportion>HIB</Proportion>
    <Data><Entry><Identifier>a</Identifier><Value>2</Value>
      <RawString>1:3</RawString></Entry></Data>
  </Result>
</PhoronixTestSuite>
EOF
}

# every_output FILE: run FILE through every text format and import
# format; print what each printed (stdout, stderr, the -o file) to all,
# and the exit codes to codes.
every_output() {
	: >all
	: >codes
	for fmt in ascii csv table markdown json xml pts long-csv; do
		fsreport show --format "$fmt" "$1" >>all 2>&1
		echo "$fmt $?" >>codes
	done
	for to in json xml csv pts; do
		fsreport import --to "$to" -o "out.$to" "$1" >>all 2>&1
		echo "import-$to $?" >>codes
		cat "out.$to" >>all 2>/dev/null
	done
	fsreport show --svg out.svg "$1" >>all 2>&1
	echo "svg $?" >>codes
	cat out.svg >>all 2>/dev/null
	return 0
}

# strace_ok: strace can trace here (not in every container)
strace_ok() {
	command -v strace >/dev/null 2>&1 &&
		strace -f -o /dev/null true >/dev/null 2>&1
}

# traced FILE COMMAND...: run under strace, the trace in FILE. LSan
# cannot work under ptrace, so leak checks are off for this run.
traced() {
	out=$1
	shift
	ASAN_OPTIONS=detect_leaks=0 strace -f -qq -o "$out" \
		-e trace=open,openat,socket,connect "$@"
}

setup_marker() {
	echo "$MARKER" >secret.txt &&
	printf '<!ENTITY leak "%s">\n' "$MARKER" >secret.dtd
}

test_expect_success 'an external general entity is refused, never read' '
	setup_marker &&
	pts_with "&xxe;" "<!DOCTYPE PhoronixTestSuite [
<!ENTITY xxe SYSTEM \"file://$PWD/secret.txt\">
]>" >xxe.xml &&
	test_expect_code 3 fsreport show xxe.xml 2>err &&
	grep "^fsreport: xxe.xml:[0-9:]* entity reference .&xxe;. is not allowed in a result file$" err &&
	every_output xxe.xml &&
	! grep "$MARKER" all &&
	! grep -v " 3$" codes
'

test_expect_success 'external entities and DTDs: the marker never appears' '
	setup_marker &&
	pts_with "" "<!DOCTYPE PhoronixTestSuite [
<!ENTITY % pe SYSTEM \"file://$PWD/secret.dtd\">
%pe;
]>" >pe.xml &&
	pts_with "&leak;" "<!DOCTYPE PhoronixTestSuite [
<!ENTITY % pe SYSTEM \"file://$PWD/secret.dtd\">
%pe;
]>" >pe-use.xml &&
	pts_with "" "<!DOCTYPE PhoronixTestSuite SYSTEM \"file://$PWD/secret.dtd\">" >dtd.xml &&
	pts_with "&leak;" "<!DOCTYPE PhoronixTestSuite SYSTEM \"file://$PWD/secret.dtd\">" >dtd-use.xml &&
	pts_with "<xi:include xmlns:xi=\"http://www.w3.org/2001/XInclude\" href=\"file://$PWD/secret.txt\" parse=\"text\"/>" "" >xinclude.xml &&
	for f in pe.xml pe-use.xml dtd.xml dtd-use.xml xinclude.xml; do
		every_output $f &&
		if grep "$MARKER" all; then
			echo "marker leaked through $f"; return 1
		fi || return 1
	done
'

test_expect_success 'entity references are refused in every XML importer' '
	setup_marker &&
	cat >fx.xml <<-EOF &&
	<?xml version="1.0"?>
	<!DOCTYPE fsreport [ <!ENTITY xxe SYSTEM "file://$PWD/secret.txt"> ]>
	<fsreport format-version="1"><title>&xxe;</title></fsreport>
	EOF
	test_expect_code 3 fsreport show fx.xml 2>err &&
	! grep "$MARKER" err
'

test_expect_success 'the marker file is never even opened' '
	strace_ok || { echo "# strace cannot trace here: skipped"; return 0; }
	setup_marker &&
	pts_with "&xxe;" "<!DOCTYPE PhoronixTestSuite [
<!ENTITY xxe SYSTEM \"file://$PWD/secret.txt\">
]>" >xxe.xml &&
	pts_with "" "<!DOCTYPE PhoronixTestSuite SYSTEM \"file://$PWD/secret.dtd\">" >dtd.xml &&
	for f in xxe.xml dtd.xml; do
		traced trace "$FSREPORT" show --format csv $f >/dev/null 2>&1
		test -s trace || return 1
		grep "$f" trace >/dev/null || return 1
		if grep -E "secret\.(txt|dtd)" trace; then
			echo "$f opened the marker file"; return 1
		fi
	done
'

# A port nothing listens on: 1 is tcpmux, unused on any sane machine;
# even if something listened there, the strace test below proves that
# no socket is created at all.
NET="http://127.0.0.1:1"

test_expect_success 'network entities and DTDs: nothing fetched, fast' '
	pts_with "&net;" "<!DOCTYPE PhoronixTestSuite [
<!ENTITY net SYSTEM \"$NET/x.txt\">
]>" >net-entity.xml &&
	pts_with "" "<!DOCTYPE PhoronixTestSuite [
<!ENTITY % net SYSTEM \"$NET/p.dtd\">
%net;
]>" >net-pe.xml &&
	pts_with "" "<!DOCTYPE PhoronixTestSuite SYSTEM \"$NET/pts.dtd\">" >net-dtd.xml &&
	pts_with "" "<!DOCTYPE PhoronixTestSuite PUBLIC \"-//X//DTD X//EN\" \"$NET/pub.dtd\">" >net-public.xml &&
	test_expect_code 3 timeout $((10 * SLOW)) "$FSREPORT" show net-entity.xml 2>err &&
	grep "entity reference .&net;. is not allowed" err &&
	for f in net-pe.xml net-dtd.xml net-public.xml; do
		timeout $((10 * SLOW)) "$FSREPORT" show --format csv $f >out 2>err ||
			{ echo "$f: exit $?"; cat err; return 1; }
		grep ",MB/s,higher,a,2,2," out ||
			{ echo "$f: the result is missing"; return 1; }
	done
'

test_expect_success 'no socket is ever created' '
	strace_ok || { echo "# strace cannot trace here: skipped"; return 0; }
	pts_with "&net;" "<!DOCTYPE PhoronixTestSuite [
<!ENTITY net SYSTEM \"$NET/x.txt\">
]>" >net-entity.xml &&
	pts_with "" "<!DOCTYPE PhoronixTestSuite SYSTEM \"$NET/pts.dtd\">" >net-dtd.xml &&
	for f in net-entity.xml net-dtd.xml; do
		traced trace "$FSREPORT" show $f >/dev/null 2>&1
		grep "$f" trace >/dev/null || return 1
		if grep -E "socket\(|connect\(" trace; then
			echo "$f: a socket was created"; return 1
		fi
	done
'

# The classic "billion laughs": 10 levels of 10 references, 3 GB if
# expanded. Refused at the first reference, in well under a second.
bomb() {
	printf '<?xml version="1.0"?>\n<!DOCTYPE PhoronixTestSuite [\n'
	printf '  <!ENTITY l0 "lollollollollollollollollollol">\n'
	i=1
	while [ $i -le 9 ]; do
		printf '  <!ENTITY l%d "' $i
		j=0
		while [ $j -lt 10 ]; do
			printf '&l%d;' $((i - 1))
			j=$((j + 1))
		done
		printf '">\n'
		i=$((i + 1))
	done
	printf ']>\n'
}

test_expect_success 'an entity-expansion bomb in text: exit 3, quickly' '
	{ bomb && echo "<PhoronixTestSuite><Generated><Title>&l9;</Title></Generated></PhoronixTestSuite>"; } >bomb.xml &&
	test_expect_code 3 timeout $((10 * SLOW)) "$FSREPORT" show bomb.xml 2>err &&
	head -n 1 err >first &&
	grep "^fsreport: bomb.xml:[0-9:]* " first
'

test_expect_success 'an entity-expansion bomb in an attribute: exit 3' '
	{ bomb && echo "<PhoronixTestSuite a=\"&l9;\"><Generated/></PhoronixTestSuite>"; } >bomb-attr.xml &&
	test_expect_code 3 timeout $((10 * SLOW)) "$FSREPORT" show bomb-attr.xml 2>err &&
	grep "^fsreport: bomb-attr.xml:[0-9:]* " err
'

test_expect_success 'an entity-expansion bomb in fsreport XML: exit 3' '
	{ bomb | sed "s/PhoronixTestSuite/fsreport/" &&
	  echo "<fsreport format-version=\"1\"><title>&l9;</title></fsreport>"; } >bomb-fx.xml &&
	test_expect_code 3 timeout $((10 * SLOW)) "$FSREPORT" show bomb-fx.xml 2>err
'

# max_rss_kb COMMAND...: run it, print its peak RSS in KiB (GNU time)
max_rss_kb() {
	/usr/bin/time -f "%M" -o rss "$@" >/dev/null 2>&1
	tail -n 1 rss
}

# Under ASan the shadow memory and quarantine add a few hundred MiB.
if [ -n "${FSR_VALGRIND:-}" ]; then
	RSS_LIMIT_KB=$RSS_CAP_KB
elif grep -q fsanitize "$(dirname "$FSREPORT")/.flags" 2>/dev/null; then
	RSS_LIMIT_KB=800000
else
	RSS_LIMIT_KB=200000
fi

# deep N: a PTS file with N nested unknown elements inside the root
deep() {
	awk -v n="$1" 'BEGIN {
		printf "<?xml version=\"1.0\"?>\n<PhoronixTestSuite>\n"
		for (i = 0; i < n; i++) printf "<a>"
		for (i = 0; i < n; i++) printf "</a>"
		printf "\n</PhoronixTestSuite>\n"
	}'
}

test_expect_success 'deep nesting (200000 levels): an answer, bounded memory' '
	deep 200000 >deep.xml &&
	rss=$(max_rss_kb timeout $((30 * SLOW)) "$FSREPORT" show deep.xml) &&
	echo "peak RSS ${rss} KiB (limit $RSS_LIMIT_KB)" &&
	test "$rss" -lt "$RSS_LIMIT_KB" &&
	test_expect_code 3 timeout $((30 * SLOW)) "$FSREPORT" show deep.xml 2>err &&
	grep "^fsreport: .*deep.xml" err
'

# huge FIELD MiB: a PTS file whose result's FIELD holds MiB of text
huge() {
	{
		printf '<?xml version="1.0"?>\n<PhoronixTestSuite>\n'
		printf '<System><Identifier>a</Identifier></System>\n'
		printf '<Result><Identifier>pts/x-1.0.0</Identifier>'
		printf '<%s>' "$1"
		head -c $(($2 * 1048576)) /dev/zero | tr "\\0" x
		printf '</%s><Scale>s</Scale><Data><Entry>' "$1"
		printf '<Identifier>a</Identifier><Value>1</Value>'
		printf '</Entry></Data></Result>\n</PhoronixTestSuite>\n'
	}
}

test_expect_success 'a 64 MiB text node: an answer, bounded memory' '
	huge Description 64 >huge.xml &&
	rss=$(max_rss_kb timeout $((60 * SLOW)) "$FSREPORT" show huge.xml) &&
	echo "peak RSS ${rss} KiB (limit $RSS_LIMIT_KB)" &&
	test "$rss" -lt "$RSS_LIMIT_KB" &&
	test_expect_code 3 timeout $((60 * SLOW)) "$FSREPORT" show huge.xml 2>err &&
	grep "^fsreport: huge.xml:" err
'

test_expect_success 'a 64 MiB text node in an unknown element: bounded' '
	huge Unknown 64 >huge-unknown.xml &&
	rss=$(max_rss_kb timeout $((60 * SLOW)) "$FSREPORT" show huge-unknown.xml) &&
	echo "peak RSS ${rss} KiB (limit $RSS_LIMIT_KB)" &&
	test "$rss" -lt "$RSS_LIMIT_KB"
'

test_expect_success 'many attributes on one element: an answer in time' '
	awk "BEGIN {
		printf \"<?xml version=\\\"1.0\\\"?>\\n<PhoronixTestSuite\"
		for (i = 0; i < 300000; i++) printf \" a%d=\\\"x\\\"\", i
		printf \"/>\\n\"
	}" >attrs.xml &&
	timeout $((20 * SLOW)) "$FSREPORT" show attrs.xml 2>err
	rc=$? &&
	echo "exit $rc" &&
	test "$rc" -eq 3
'

# The guard reads the pieces the parser is fed: a tag far into the file
# (after 200 KiB of results, past the first pieces) is refused at its
# own line, which grep counts here, and nothing is printed.
test_expect_success 'many attributes deep in a file: refused at the tag'"'"'s line' '
	awk "BEGIN {
		printf \"<?xml version=\\\"1.0\\\"?>\\n<PhoronixTestSuite>\\n\"
		for (i = 0; i < 4000; i++)
			printf \"<Result><Title>t%d</Title>\\n<Data></Data></Result>\\n\", i
		printf \"<Result\"
		for (i = 0; i < 1000; i++) printf \" a%d=\\\"x\\\"\", i
		printf \">\\n</Result></PhoronixTestSuite>\\n\"
	}" >deep.xml &&
	test $(wc -c <deep.xml) -gt 200000 &&
	line=$(grep -n "a999=" deep.xml | cut -d: -f1) &&
	test_expect_code 3 "$FSREPORT" show --format csv deep.xml >out 2>err &&
	grep "deep.xml:$line: an element with more than 256 attributes" err &&
	test ! -s out
'

test_done
