#!/usr/bin/env python3
"""fio-bins-reference.py FILE... - percentiles of fio json+ latency bins,
computed independently of fsreport for tests/unit/test-fio.c.

For every job, direction and latency object with "bins", prints the
default percentiles (50, 90, 99, 99.9, 99.99; and 95) as fio's stat.c defines them: the
value of the first bucket whose running count reaches q/100 of the total,
next to fio's own "percentile" value where fio wrote one.
"""
import json
import sys

QS = (50, 90, 95, 99, 99.9, 99.99)


def pcts(bins):
    b = sorted((float(k), v) for k, v in bins.items())
    total = sum(v for _, v in b)
    out, s, j = {}, 0, 0
    for ns, c in b:
        s += c
        while j < len(QS) and s >= QS[j] / 100.0 * total:
            out[QS[j]] = ns
            j += 1
    return out


for path in sys.argv[1:]:
    doc = json.load(open(path))
    for job in doc["jobs"]:
        for d in ("read", "write", "trim", "sync"):
            for key, lat in job.get(d, {}).items():
                if not isinstance(lat, dict) or "bins" not in lat:
                    continue
                fio = lat.get("percentile", {})
                for q, v in pcts(lat["bins"]).items():
                    f = fio.get("%f" % q, "-")
                    print(path, job["jobname"], d, key, "p%g" % q,
                          "%.0f" % v, "fio:", f)
    # jobs of one name (numjobs=N clones): their bins summed, as one
    # histogram ("merged"), beside the mean of the jobs' own percentiles,
    # which is no percentile of anything
    names = {}
    for job in doc["jobs"]:
        names.setdefault(job["jobname"], []).append(job)
    for name, jobs in names.items():
        if len(jobs) < 2:
            continue
        for d in ("read", "write", "trim", "sync"):
            for key in ("clat_ns", "lat_ns"):
                lats = [j.get(d, {}).get(key) for j in jobs]
                if not all(isinstance(x, dict) and "bins" in x
                           for x in lats):
                    continue
                merged = {}
                for x in lats:
                    for k, v in x["bins"].items():
                        merged[k] = merged.get(k, 0) + v
                each = [pcts(x["bins"]) for x in lats]
                for q, v in pcts(merged).items():
                    mean = sum(e[q] for e in each) / len(each)
                    print(path, name, "merged", d, key, "p%g" % q,
                          "%.0f" % v, "mean-of-jobs: %g" % mean,
                          "I/Os:", sum(merged.values()))
