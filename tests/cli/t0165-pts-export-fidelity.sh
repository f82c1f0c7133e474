#!/bin/sh
# import --to pts keeps what it read (Value and RawString as written,
# User, LastModified, the JSON), checked against what PTS 10.8.6 made of
# the exports (tests/data/corpus/pts/make-goldens.sh; PTS never runs here):
# for every corpus file, the export is the one PTS was given, PTS printed
# the same text and CSV for it as for the original, merge-results of the
# original and the export equals merge-results of the original with
# itself, and fsreport shows the export as PTS did.
. "$(dirname "$0")/lib.sh"

MERGES="$CORPUS/pts-outputs/merge-with-export.txt"
# As make-goldens.sh: the LastModified of a file that had none.
SOURCE_DATE_EPOCH=1796072308
export SOURCE_DATE_EPOCH

for f in "$CORPUS"/*.xml; do
	name=${f##*/}
	name=${name%.xml}
	o="$CORPUS/pts-outputs/$name"
	test_expect_success "$name: the export is the one PTS read" "
		fsreport import \"$f\" --to pts -o out.xml &&
		test_cmp \"$CORPUS/exports/$name.xml\" out.xml
	"
	test_expect_success "$name: PTS prints the export as the original" "
		test_cmp \"$o.result-file-to-text.txt\" \
			\"$o.export.result-file-to-text.txt\" &&
		test_cmp \"$o.result-file-to-csv.csv\" \
			\"$o.export.result-file-to-csv.csv\"
	"
	test_expect_success "$name: merging the export adds nothing" "
		grep \"^$name \" \"$MERGES\" >line &&
		read -r n exp self <line &&
		test -n \"\$self\" && test \"\$exp\" = \"\$self\"
	"
	test_expect_success "$name: fsreport shows the export as PTS did" "
		fsreport show --format ascii --width 80 \
			\"$CORPUS/exports/$name.xml\" >actual &&
		test_cmp \"$o.export.result-file-to-text.txt\" actual
	"
done

test_expect_success 'RawString values stay as written (4983.3, never 4983.30)' '
	f="$CORPUS/cpu-suite-gvno2-142results.xml" &&
	grep -o "<RawString>[^<]*</RawString>" "$f" >expect &&
	fsreport import "$f" --to pts -o out.xml &&
	grep -o "<RawString>[^<]*</RawString>" out.xml >actual &&
	test_cmp expect actual
'

test_expect_success 'User, LastModified and the JSON stay as read' '
	f="$CORPUS/tiobench-ec2-medium.xml" &&
	fsreport import "$f" --to pts -o out.xml &&
	for el in User LastModified TimeStamp; do
		grep -o "<$el>[^<]*</$el>" "$f" >expect &&
		grep -o "<$el>[^<]*</$el>" out.xml >actual &&
		test_cmp expect actual || return 1
	done &&
	grep -c "<User>ubuntu</User>" out.xml &&
	xmllint --xpath "string(//System/JSON)" "$f" >expect &&
	xmllint --xpath "string(//System/JSON)" out.xml >actual &&
	test_cmp expect actual
'

test_expect_success 'Annotation, Parent, a whole Scale and TestClient stay as read' '
	f="$CORPUS/osbench-gce-annotated.xml" &&
	fsreport import "$f" --to pts -o out.xml &&
	for el in Annotation Parent Scale TestClient; do
		grep -o "<$el>[^<]*</$el>" "$f" >expect &&
		grep -o "<$el>[^<]*</$el>" out.xml >actual &&
		test_cmp expect actual || return 1
	done &&
	grep -q "<Scale>us Per Event | Lower Is Better</Scale>" out.xml
'

test_expect_success 'json and xml keep a file without Generated or System untitled' '
	f="$CORPUS/blogbench-gce-docker-run3-bare.xml" &&
	fsreport show --format ascii --width 80 "$f" >expect &&
	test "$(head -1 expect)" = "" &&
	for to in json xml; do
		fsreport import "$f" --to $to -o out.$to &&
		fsreport show --format ascii --width 80 out.$to >actual &&
		test_cmp expect actual || return 1
	done &&
	grep -q "\"untitled\": true" out.json &&
	grep -q "\"undeclared\": true" out.json &&
	grep -q "untitled=\"true\"" out.xml &&
	grep -q "undeclared=\"true\"" out.xml
'

test_expect_success 'a file with a merge line and an export for every corpus file' '
	for f in "$CORPUS"/*.xml; do
		n=${f##*/} && n=${n%.xml} &&
		grep -q "^$n " "$MERGES" && test -f "$CORPUS/exports/$n.xml" ||
			{ echo "missing: $n"; return 1; }
	done
'

test_done
