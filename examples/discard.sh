# PostMark on ext4, -o nodiscard against -o discard (seed 003's TRIM
# study): its side-by-side "buffering enabled | disabled" tables as one
# report folder, each group compared on its own (--group), for the seed's
# vendor2 device. The study ran each setting 10 times but published only
# the averages, so examples/discard/VENDOR/*.csv hold those (one value a
# cell, as the seed prints them): the report says that no change can be
# tested. vendor1 and vendor3 are beside it; report each the same way.
d=examples/discard/vendor2
$FSREPORT report -o "$OUT/discard-report" --width 160 \
	--group "BUFFERING ENABLED" \
		NODISCARD="$d/buffered-nodiscard.csv" \
		DISCARD="$d/buffered-discard.csv" \
	--group "BUFFERING DISABLED" \
		NODISCARD="$d/unbuffered-nodiscard.csv" \
		DISCARD="$d/unbuffered-discard.csv"
cd "$OUT/discard-report" || exit 1
ls
grep -o '<h1>[^<]*' index.html
grep -o 'class="group">[^<]*' index.html
ls charts | grep -c '\.svg$'
head -n 6 summary.txt
