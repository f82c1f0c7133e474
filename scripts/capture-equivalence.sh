#!/bin/sh
# capture-equivalence.sh [TOP] - re-make examples/equivalence/{base,patch}.csv:
# real measurements on this machine of a "patch" that makes dd end its
# 128 MiB write with fsync() (conv=fsync) instead of fdatasync() (base,
# conv=fdatasync), RUNS runs each (default 60), interleaved base/patch
# so that drift of the machine falls on both alike. Each run records two
# results:
#   write+sync 128 MiB         the dd's wall-clock time (disk-bound, and
#                              noisy on a machine shared with builds)
#   sha256 128 MiB (CPU time)  the least user CPU seconds of 5 passes of
#                              sha256sum (a run's best, as timing tools
#                              keep a minimum against interference) of
#                              the file just written, from the page cache
#                              (CPU-bound; CPU time, not wall time, so
#                              that other processes on the shared cores
#                              count less; the patch does not touch it)
# Timed by Python (time.perf_counter, resource.getrusage of the child).
# Not run by the tests, which read the committed files.
set -eu
TOP=${1:-$(cd "$(dirname "$0")/.." && pwd)}
OUT="$TOP/examples/equivalence"
SCRATCH=${SCRATCH:-/tmp/fsreport-scratch/equivalence}
mkdir -p "$OUT" "$SCRATCH"
/usr/bin/python3 - "$OUT" "$SCRATCH/testfile" "${RUNS:-60}" <<'PY'
import os, resource, subprocess, sys, time

out, f, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
rows = {"base": [], "patch": []}


def cpu():
    # user time only: the system time of reading the page cache varies
    # with the other processes far more (a CV of 23 % against 3 %)
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime


for i in range(runs):
    for v in ("base", "patch"):
        conv = "conv=fdatasync" if v == "base" else "conv=fsync"
        if os.path.exists(f):
            os.unlink(f)
        subprocess.run(["sync"], check=True)
        t0 = time.perf_counter()
        subprocess.run(["dd", "if=/dev/zero", "of=" + f, "bs=1M",
                        "count=128", conv], check=True,
                       stderr=subprocess.DEVNULL)
        t1 = time.perf_counter()
        best = None
        for k in range(5):
            c0 = cpu()
            subprocess.run(["sha256sum", f], check=True,
                           stdout=subprocess.DEVNULL)
            c1 = cpu()
            best = c1 - c0 if best is None else min(best, c1 - c0)
        rows[v].append(("write+sync 128 MiB", t1 - t0))
        rows[v].append(("sha256 128 MiB (CPU time)", best))
os.unlink(f)
for v, rs in rows.items():
    with open(os.path.join(out, v + ".csv"), "w") as fp:
        fp.write("test,unit,better,value\n")
        for name, x in rs:
            fp.write("%s,s,lower,%.6f\n" % (name, x))
PY
