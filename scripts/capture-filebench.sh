#!/bin/sh
# capture-filebench.sh [TOP] - re-make the filebench captures that the
# tests read. Debian has no filebench package: the captures were made with
# "Filebench Version 1.5-alpha3" built from its public source outside this
# checkout (filebench/filebench on GitHub, commit
# 22620e602cbbebad90c0bd041896ebccf70dbf5f, "Fix issue #138"). Not run by
# the tests: they read the committed files.
#	FILEBENCH=/path/to/filebench WORKLOADS=/path/to/share/filebench/workloads \
#	    sh scripts/capture-filebench.sh
#
# filebench forks copies of itself that map its shared memory at the
# master's address; it turns address-space randomisation off only for
# itself, and on this machine (kernel.randomize_va_space=2) that did not
# take: the first run hung after "Starting 1 filereader instances". Every
# run below goes under "setarch $(uname -m) -R", which turns it off for
# that process only (the system setting is left alone).
#
# The shipped personalities (WORKLOADS/*.f) are copied with their $dir set
# to $SCRATCH (a tmpfs, default /dev/shm/fsreport-scratch/filebench) and
# scaled down to seconds; nothing else in them is changed. Writes (TOP
# defaults to the checkout this script is in) stdout, as filebench -f F
# >FILE prints it, unless said otherwise:
#	tests/data/filebench/fileserver/run-01..03.txt
#	    fileserver.f, $nfiles=500 $nthreads=4 $runtime=3
#	tests/data/filebench/varmail-lathist.txt
#	    varmail.f, $nthreads=4, "enable lathist" before
#	    "run 3" (each flowop row gains its 64-bucket latency histogram)
#	tests/data/filebench/webserver.txt
#	    webserver.f, $nfiles=200 $nthreads=4, "run 3"
#	tests/data/filebench/interrupted.txt
#	    fileserver.f as above with $runtime=30, SIGINT after 4 s:
#	    "Aborting...", no breakdown, no IO Summary
#	tests/data/filebench/stopped-early.txt  (stdout and stderr: 2>&1)
#	    a personality that opens files of a fileset never allocated:
#	    "WARNING! Run stopped early", no breakdown, no IO Summary
#	tests/data/filebench/disk-full.txt      (2>&1; needs root, for mount)
#	    a personality that appends to files on a 1 MiB tmpfs: "No space
#	    left on device" and "NO VALID RESULTS!"
# tests/data/filebench/README says the same, file by file.
set -eu
TOP=${1:-$(cd "$(dirname "$0")/.." && pwd)}
SCRATCH=${SCRATCH:-/dev/shm/fsreport-scratch/filebench}
FILEBENCH=${FILEBENCH:-filebench}
WORKLOADS=${WORKLOADS:-/usr/local/share/filebench/workloads}
DATA="$TOP/tests/data/filebench"
WORK=$(mktemp -d)
ARCH=$(uname -m)

# personality NAME RUN VAR=VALUE... : WORKLOADS/NAME.f scaled down, with
# its last "run ..." line replaced by RUN, into $WORK/NAME.f
personality() {
	name=$1 run=$2
	shift 2
	script="s|^set \$dir=.*|set \$dir=$SCRATCH|"
	for kv in "$@"; do
		script="$script;s|^set \$${kv%%=*}=.*|set \$$kv|"
	done
	sed -e "$script" -e "s|^run .*|$run|" "$WORKLOADS/$name.f" \
		>"$WORK/$name.f"
}

# run OUT F [both] : one run of $WORK/F into OUT (stdout; with "both"
# stderr too) in a fresh $SCRATCH
run() {
	rm -rf "$SCRATCH"
	mkdir -p "$SCRATCH"
	if [ "${3:-}" = both ]; then
		timeout 120 setarch "$ARCH" -R "$FILEBENCH" -f "$WORK/$2" >"$1" 2>&1
	else
		timeout 120 setarch "$ARCH" -R "$FILEBENCH" -f "$WORK/$2" >"$1"
	fi
}

mkdir -p "$DATA/fileserver"
personality fileserver "run \$runtime" nfiles=500 nthreads=4 runtime=3
for i in 01 02 03; do
	run "$DATA/fileserver/run-$i.txt" fileserver.f
done
personality varmail "enable lathist\\nrun 3" nthreads=4
run "$DATA/varmail-lathist.txt" varmail.f
personality webserver 'run 3' nfiles=200 nthreads=4
run "$DATA/webserver.txt" webserver.f

# Interrupted: ^C (SIGINT to filebench, the master) during the run.
personality fileserver "run \$runtime" nfiles=500 nthreads=4 runtime=30
rm -rf "$SCRATCH"
mkdir -p "$SCRATCH"
timeout -s INT 5 setarch "$ARCH" -R "$FILEBENCH" -f "$WORK/fileserver.f" >"$DATA/interrupted.txt" || :

# Stopped early: the files of "emptyset" are never created (no prealloc).
cat >"$WORK/stopped-early.f" <<EOF
set \$dir=$SCRATCH
define fileset name=emptyset,path=\$dir,size=4k,entries=20,dirwidth=20
define process name=reader,instances=1
{
  thread name=readerthread,memsize=1m,instances=2
  {
    flowop openfile name=openmissing,filesetname=emptyset,fd=1
    flowop readwholefile name=readmissing,fd=1,iosize=4k
    flowop closefile name=closemissing,fd=1
  }
}
echo "Missing-files personality successfully loaded"
run 3
EOF
run "$DATA/stopped-early.txt" stopped-early.f both

# Disk full: 64 kB appends to four 64 kB files on a 1 MiB tmpfs.
if [ "$(id -u)" = 0 ]; then
	small="$WORK/small"
	mkdir -p "$small"
	mount -t tmpfs -o size=1m tmpfs "$small"
	cat >"$WORK/disk-full.f" <<EOF
set \$dir=$small
define fileset name=logset,path=\$dir,size=64k,entries=4,dirwidth=20,prealloc
define process name=writer,instances=1
{
  thread name=writerthread,memsize=1m,instances=1
  {
    flowop openfile name=openlog,filesetname=logset,fd=1
    flowop appendfile name=appendlog,iosize=64k,fd=1
    flowop closefile name=closelog,fd=1
  }
}
echo "Disk-full personality successfully loaded"
run 3
EOF
	timeout 120 setarch "$ARCH" -R "$FILEBENCH" -f "$WORK/disk-full.f" >"$DATA/disk-full.txt" 2>&1
	umount "$small"
else
	echo "not root: disk-full.txt left as it is" >&2
fi
rm -rf "$SCRATCH" "$WORK"
