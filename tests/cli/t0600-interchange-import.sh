#!/bin/sh
# fsreport import RUNSET... -o FILE --to csv|json|xml|pts: the options,
# and round trips over the whole PTS corpus and the examples: what every
# format writes reads back to the same summaries (and, for json, xml and
# pts, the same PTS-style text); fsreport's XML validates against
# schemas/fsreport.xsd (libxml2's xmllint).
. "$(dirname "$0")/lib.sh"

G="$CORPUS/gzip-ec2-large-10runs.xml"
XSD="$TOP/schemas/fsreport.xsd"

# first_line_is EXPECTED FILE
first_line_is() {
	echo "$1" >expect &&
	head -n 1 "$2" >actual &&
	test_cmp expect actual
}

test_expect_success 'import without -o: usage error, exit 2' '
	test_expect_code 2 fsreport import "$G" --to json 2>err &&
	first_line_is "fsreport: import needs -o FILE (- for standard output)" err
'

test_expect_success 'import without --to and a plain -o: usage error' '
	test_expect_code 2 fsreport import "$G" -o out 2>err &&
	first_line_is "fsreport: import needs --to csv, json, xml or pts" err &&
	test ! -e out
'

test_expect_success 'import -o x.xml without --to: xml or pts?' '
	test_expect_code 2 fsreport import "$G" -o x.xml 2>err &&
	first_line_is "fsreport: import needs --to xml (fsreport'"'"'s XML) or --to pts (a PTS composite.xml)" err
'

test_expect_success 'import --to yaml: usage error' '
	test_expect_code 2 fsreport import "$G" --to yaml -o out 2>err &&
	first_line_is "fsreport: --to wants csv, json, xml or pts, not '"'"'yaml'"'"'" err
'

test_expect_success '--to belongs to import only' '
	test_expect_code 2 fsreport show "$G" --to json 2>err &&
	first_line_is "fsreport: --to does not apply to '"'"'show'"'"'" err
'

test_expect_success '-o x.csv implies --to csv (one row per sample)' '
	fsreport import "$G" -o x.csv &&
	first_line_is "test,description,unit,better,label,value,title,test_id,app_version,arguments,display,stored,error" x.csv &&
	test "$(tail -n +2 x.csv | wc -l)" -eq 30
'

test_expect_success '-o x.json implies --to json; -o - is standard output' '
	fsreport import "$G" -o x.json &&
	fsreport import "$G" --to json -o - >y.json &&
	test_cmp x.json y.json &&
	first_line_is "{" x.json &&
	sed -n 2p x.json >actual &&
	echo "  \"format_version\": 1," >expect &&
	test_cmp expect actual
'

test_expect_success 'import --help lists --to' '
	fsreport import --help >out &&
	grep -e "--to FMT" out
'

# round_trip FILE-OR-FOLDER...: every format reads back to the same
# summary CSV; the formats in $TEXT (json, xml and pts unless set) to the
# same PTS text as well. fsreport's own json and xml keep cells, not the
# entries a PTS file lists (one row each in the PTS text); a PTS export of
# other inputs has <System> blocks, which PTS prints as Hardware and
# Software only.
round_trip() {
	fsreport show --format csv "$@" >a.csv &&
	fsreport show --width 80 "$@" >a.txt || return 1
	for to in json xml pts csv; do
		fsreport import "$@" --to $to -o "out.$to" &&
		fsreport show --format csv "out.$to" >b.csv &&
		test_cmp a.csv b.csv || { echo "$to: $*"; return 1; }
		case " ${TEXT-json xml pts} " in *" $to "*) ;; *) continue ;; esac
		fsreport show --width 80 "out.$to" >b.txt &&
		test_cmp a.txt b.txt || { echo "$to text: $*"; return 1; }
	done
}

test_expect_success 'every corpus file survives json, xml, pts and csv' '
	for f in "$CORPUS"/*.xml; do
		if grep -q "^$(basename "$f" .xml)\$" "$CORPUS/pts-text-only.txt"
		then
			TEXT=pts round_trip "$f" || return 1
		else
			round_trip "$f" || return 1
		fi
	done
'

# The percentiles the fsync runs can support (64 I/Os: p50 and p90):
# a refused one has no sample to export (docs/methods.md, section 11).
test_expect_success 'the fio example (two folders) survives every format' '
	TEXT="json xml" round_trip --percentiles 50,90 "$EXAMPLES/fio/fsync1" \
		"$EXAMPLES/fio/nofsync" &&
	grep -c "<Entry>" out.pts >actual &&
	echo 15 >expect &&
	test_cmp expect actual
'

test_expect_success 'an untitled report read back: the same page title and text' '
	PM="$EXAMPLES/postmark" &&
	fsreport report "$PM/buffered" "$PM/unbuffered" -o r0 >/dev/null &&
	grep -F "<title>PostMark: buffered vs unbuffered</title>" r0/index.html &&
	fsreport show "$PM/buffered" "$PM/unbuffered" >t0 &&
	for to in json xml; do
		fsreport import "$PM/buffered" "$PM/unbuffered" --to $to \
			-o pm.$to &&
		fsreport report pm.$to -o r-$to >/dev/null &&
		grep -F "<title>PostMark: buffered vs unbuffered</title>" \
			r-$to/index.html &&
		fsreport show pm.$to >t1 && test_cmp t0 t1 &&
		# written again, still marked: the labels stay no title
		fsreport import pm.$to --to $to -o again.$to &&
		grep -e title_made -e title-made again.$to || return 1
	done &&
	grep -F "\"title_made\": true" again.json
'

test_expect_success 'a labelled merge of two PTS files survives pts' '
	round_trip "micro=$CORPUS/tiobench-ec2-micro.xml" \
		"large=$CORPUS/tiobench-ec2-large.xml"
'

test_expect_success 'every --to xml validates against schemas/fsreport.xsd' '
	for f in "$CORPUS"/*.xml "$DATA"/fio/*.json "$DATA"/hyperfine/*.json \
		 "$DATA"/interchange/*.*; do
		fsreport import "$f" --to xml -o out.xml &&
		xmllint --noout --schema "$XSD" out.xml 2>err ||
			{ echo "$f"; cat err; return 1; }
	done
'

test_expect_success 'the schema refuses what fsreport would not write' '
	fsreport import "$G" --to xml -o good.xml &&
	sed "s/<samples>16.383008003235 /<samples>NaN /" good.xml >nan.xml &&
	! xmllint --noout --schema "$XSD" nan.xml 2>err &&
	grep "NaN" err &&
	sed "0,/system=\"s0\"/s//system=\"s99\"/" good.xml >ref.xml &&
	! xmllint --noout --schema "$XSD" ref.xml 2>err &&
	grep "s99" err
'

test_expect_success 'a PTS export imports back identically (same bytes again)' '
	SOURCE_DATE_EPOCH=1796072308 &&
	export SOURCE_DATE_EPOCH &&
	fsreport import "$CORPUS/cpu-suite-gvno2-142results.xml" --to pts \
		-o one.xml &&
	fsreport import one.xml --to pts -o two.xml &&
	test_cmp one.xml two.xml &&
	grep -c "<Result>" one.xml >actual &&
	echo 142 >expect &&
	test_cmp expect actual
'

test_expect_success 'PTS export: failed runs stay failed, never zero' '
	fsreport import "$CORPUS/cpu-suite-gvno2-142results.xml" --to pts \
		-o out.xml &&
	grep -c "<Value></Value>" out.xml >actual &&
	grep -c "<Value></Value>" \
		"$CORPUS/cpu-suite-gvno2-142results.xml" >expect &&
	test_cmp expect actual
'

test_done
