#!/bin/sh
# --format json of show and compare: format_version 1, the model with
# every sample, each cell's summary, and for compare the comparison;
# fsreport reads its own JSON back (statistics recomputed).
. "$(dirname "$0")/lib.sh"

G="$CORPUS/gzip-ec2-large-10runs.xml"

test_expect_success 'show --format json: the head of the document' '
	fsreport show --format json "$G" >out.json &&
	head -n 8 out.json >actual &&
	cat >expect <<-\EOT &&
	{
	  "format_version": 1,
	  "generator": "fsreport",
	  "command": "show",
	  "confidence": 0.95,
	  "title": "gzip",
	  "description": "gzip run - 9 cloud lab exercise - gzip - mpsp - unipi.gr",
	  "systems": [
	EOT
	test_cmp expect actual
'

test_expect_success 'show --format json: samples and the summary of a cell' '
	fsreport show --format json "$G" >out.json &&
	grep -A 30 "\"label\": \"gzip-run-0\"," out.json |
		sed -n "/\"samples\"/,/\"cv_pct\"/{p;/cv_pct/q}" >actual &&
	cat >expect <<-\EOT &&
	          "samples": [
	            16.383008003235,
	            16.167191982269,
	            16.141351938248
	          ],
	          "failed": 0,
	          "fail_reason": null,
	          "stored": "16.23",
	          "stored_entries": 1,
	          "decimals": 12,
	          "meta": {},
	          "summary": {
	            "n": 3,
	            "mean": 16.2305173079173,
	            "sd": 0.13269131881024,
	            "se": 0.0766093686342183,
	            "ci_low": 15.9008937988389,
	            "ci_high": 16.5601408169957,
	            "median": 16.167191982269,
	            "min": 16.141351938248,
	            "max": 16.383008003235,
	            "cv_pct": 0.817542141712957
	EOT
	test_cmp expect actual
'

test_expect_success 'compare --format json carries the comparison' '
	fsreport compare --format json "$EXAMPLES/fio/fsync1" \
		"$EXAMPLES/fio/nofsync" >out.json &&
	grep -e "\"command\": \"compare\"" out.json &&
	grep -e "\"baseline_label\": \"fsync1\"" out.json &&
	test "$(grep -c "\"verdict\":" out.json)" -eq 6 &&
	grep -A 5 "\"only_baseline\"" out.json | grep -c "\"r" >actual &&
	echo 3 >expect &&
	test_cmp expect actual
'

test_expect_success 'the JSON of show and of compare read back as the model' '
	fsreport show --format csv "$EXAMPLES/fio/fsync1" \
		"$EXAMPLES/fio/nofsync" >a.csv &&
	fsreport compare --format json "$EXAMPLES/fio/fsync1" \
		"$EXAMPLES/fio/nofsync" >c.json &&
	fsreport show --format csv c.json >b.csv &&
	test_cmp a.csv b.csv
'

test_expect_success 'show --format json -o FILE writes the file whole' '
	fsreport show --format json -o s.json "$G" &&
	fsreport show --format json "$G" >t.json &&
	test_cmp s.json t.json
'

test_done
