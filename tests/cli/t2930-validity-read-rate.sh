#!/bin/sh
# Impossible read rates (issue 37, analyze/readrate.c, docs/methods.md
# "Impossible read rates"): PTS issue 417's IOzone read of 11 726 MB/s on
# four hard disks against the ceiling its system.txt states
# (tests/data/pts/issue417/), and iozone's own 64 KiB files read on a
# system of 24105 MiB (system.txt memory_mb): mark r with its note in
# text, table, Markdown and JSON.
. "$(dirname "$0")/lib.sh"

test_expect_success 'PTS 417: above device_max_read_mbs, in the table and JSON' '
	fsreport show --format table "$DATA/pts/issue417" >t &&
	grep "RAID of 4 HDDs  8  11725.95 r " t &&
	grep "Performance: the mean, 11726 MB/s, is above the device.s 1000 MB/s" t &&
	fsreport show --format json "$DATA/pts/issue417" >j &&
	grep "\"above_device\": true" j &&
	grep "\"device_max_read_mbs\": 1000" j &&
	grep "\"marks\": \"r\"" j &&
	fsreport show --format html "$DATA/pts/issue417" >h &&
	grep "<p class=\"legend\">r RAID of 4 HDDs, .*the mean, 11726 MB/s, is above" h
'

test_expect_success 'iozone: a 64 KiB file on 24105 MiB of memory, in compare text and Markdown' '
	mkdir a b &&
	cp "$DATA/iozone/run-01.txt" a/ &&
	cp "$DATA/iozone/run-02.txt" b/ &&
	echo "memory_mb: 24105" >a/system.txt &&
	fsreport compare a b >out &&
	grep "^  r a read rate the device cannot have given" out &&
	grep "read (file size 64 KiB, record 4 KiB), a: the file, 64 KiB, is" out &&
	! grep "write (file size 64 KiB, record 4 KiB), a: the file" out &&
	! grep "), b: the file" out &&
	fsreport compare --format markdown a b >m &&
	grep "r: a read rate the device cannot have given" m
'

test_expect_success 'fio: buffered reads of a 256 MiB file on 24105 MiB (a real capture), not the direct ones' '
	P="$DATA/fio/pagecache" &&
	fsreport show --format table "$P/buffered" "$P/direct" >t &&
	grep "buffered  3        1429.59 r " t &&
	grep "buffered  3  1499029512.33 r " t &&
	! grep "direct .* r " t &&
	grep "^r buffered, seqread: read bandwidth: the file, 256 MiB, is smaller than the$" t &&
	grep "^  memory, 24105 MiB, and fio read buffered (direct=0): the reads can come from$" t &&
	! grep "r direct" t &&
	fsreport compare "$P/direct" "$P/buffered" >c &&
	grep "^    fio: seqread: read IOPS, buffered: the file, 256 MiB, is smaller than the$" c &&
	fsreport compare --format markdown "$P/direct" "$P/buffered" >m &&
	grep "the reads can come from the page cache" m &&
	fsreport show --format html "$P/buffered" >h &&
	grep "the reads can come from the page cache" h &&
	fsreport show --format json "$P/buffered" >j &&
	test "$(grep -c "\"fio_buffered_jobs\": 1" j)" = 2 &&
	fsreport show --format csv "$P/buffered" >csv &&
	grep ",seqread: read IOPS,IOPS,higher,buffered,3,.*,r,0,$" csv
'

test_done
