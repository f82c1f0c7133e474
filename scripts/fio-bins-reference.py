#!/usr/bin/env python3
"""fio-bins-reference.py FILE... - percentiles of fio json+ latency bins,
computed independently of fsreport for tests/unit/test-fio.c.

For every job, direction and latency object with "bins", prints the
default percentiles (50, 90, 99, 99.9, 99.99; and 95) as fio's stat.c defines them: the
value of the first bucket whose running count reaches q/100 of the total,
next to fio's own "percentile" value where fio wrote one.

fio --client (a "client_stats" array instead of "jobs"): the same per
host entry, then each job's bins summed over its hosts ("hosts-merged"),
next to fio's own "All clients" percentile (fio computes it from the
same summed bins), and the hosts' I/Os over the longest runtime as IOPS
next to fio's "All clients" iops.
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


def summed_bins(entries, d, key):
    """The latencies `key` of direction d of entries (jobs or hosts) and
    their bins summed, bin by bin; (lats, None) when one has no bins."""
    lats = [e.get(d, {}).get(key) for e in entries]
    if not all(isinstance(x, dict) and "bins" in x for x in lats):
        return lats, None
    merged = {}
    for x in lats:
        for k, v in x["bins"].items():
            merged[k] = merged.get(k, 0) + v
    return lats, merged


def clients(path, doc):
    entries = [e for e in doc["client_stats"] if e["jobname"] != "All clients"]
    alls = [e for e in doc["client_stats"] if e["jobname"] == "All clients"]
    for e in entries:
        host = "%s:%s" % (e["hostname"], e["port"])
        for d in ("read", "write", "trim", "sync"):
            for key, lat in e.get(d, {}).items():
                if isinstance(lat, dict) and "bins" in lat:
                    for q, v in pcts(lat["bins"]).items():
                        print(path, e["jobname"], host, d, key, "p%g" % q,
                              "%.0f" % v)
    names = {}
    for e in entries:
        names.setdefault(e["jobname"], []).append(e)
    for name, es in names.items():
        for d in ("read", "write", "trim", "sync"):
            for key in ("clat_ns", "lat_ns"):
                lats, merged = summed_bins(es, d, key)
                if merged is None:
                    continue
                fio = {}
                if len(names) == 1 and alls:
                    fio = alls[0].get(d, {}).get(key, {}).get("percentile", {})
                for q, v in pcts(merged).items():
                    print(path, name, "hosts-merged", d, key, "p%g" % q,
                          "%.0f" % v, "fio-all-clients:",
                          fio.get("%f" % q, "-"),
                          "I/Os:", sum(merged.values()))
        for d in ("read", "write", "trim"):
            ios = sum(x[d]["total_ios"] for x in es)
            rt = max(x[d]["runtime"] for x in es)
            if not ios or not rt:
                continue
            f = alls[0][d]["iops"] if len(names) == 1 and alls else "-"
            print(path, name, "hosts-merged", d, "iops",
                  repr(1000.0 * ios / rt), "fio-all-clients:", f,
                  "bw_bytes", 1000 * sum(x[d]["io_bytes"] for x in es) // rt)


for path in sys.argv[1:]:
    doc = json.load(open(path))
    if "client_stats" in doc and "jobs" not in doc:
        clients(path, doc)
        continue
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
                lats, merged = summed_bins(jobs, d, key)
                if merged is None:
                    continue
                each = [pcts(x["bins"]) for x in lats]
                for q, v in pcts(merged).items():
                    mean = sum(e[q] for e in each) / len(each)
                    print(path, name, "merged", d, key, "p%g" % q,
                          "%.0f" % v, "mean-of-jobs: %g" % mean,
                          "I/Os:", sum(merged.values()))
