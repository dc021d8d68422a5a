#!/usr/bin/env python3
"""Issue #9's goals from suite directories: per item (and worker count), the paired ratio to
EEVDF (95% CI) of every variant, '**' where the CI lies below the goal, and the SSC moves
of each scx_lockaware variant's runs (the "SSC a -> b" lines of the suite's log, attributed
to the variant whose options line precedes them).

  goals.py DIR...      (suite output directories: ext-6.12, micro-6.12, lock-6.12)
"""
import collections, glob, gzip, json, os, re, sys

# Lock-bound items judge at >= 1.0; the controls at >= 0.97 (issue #9).
LOCK_BOUND = {"sysbench-threads", "sysbench-mutex", "futex-hash", "futex-lock-pi",
              "stress-futex", "stress-flock", "stress-lockf", "stress-sem-sysv",
              "counter-mutex", "mmap", "postmark", "ssc-sizes"}


def opener(p):
    return gzip.open(p, "rt") if p.endswith(".gz") else open(p)


def moves(d):
    """{item: {variant: number of SSC moves}} from the suite logs in d."""
    out = collections.defaultdict(collections.Counter)
    for log in glob.glob(os.path.join(d, "suite-*.log*")):
        item, variant = None, None
        for line in opener(log):
            m = re.match(r"suite \w+ item \d+: (\S+)", line)
            if m:
                item = m.group(1)
            if "Opts {" in line:
                if "no_futex: true" in line:
                    variant = "notrace"
                elif "ssc_cpus: Some" in line:
                    variant = "fixed"
                elif "class_dwell_ms: 1," in line:
                    variant = "dwell1"  # chain5.sh
                elif "ssc_recheck_ms" not in line:
                    variant = "s64"  # session 64's build (chain3.sh): no re-check flag yet
                else:
                    variant = "lockaware"
            if re.search(r"SSC \d+ -> \d+ CPUs \(", line) and item:
                out[item][variant] += 1
    return out


def fmt(p):
    return f"{p['ratio']:.2f} ({p['ci95'][0]:.2f}–{p['ci95'][1]:.2f})"


for d in sys.argv[1:]:
    mv = moves(d)
    for s in sorted(glob.glob(os.path.join(d, "*", "summary.json"))):
        item = os.path.basename(os.path.dirname(s))
        j = json.load(open(s))
        goal = 1.0 if item in LOCK_BOUND else 0.97
        rows = collections.defaultdict(list)
        for c in j["cells"]:
            if c["paired"]:
                p = c["paired"]
                bold = "**" if p["ci95"][1] < goal else ""
                rows[c["workers"]].append(f"{c['variant']} {bold}{fmt(p)}{bold}")
        for w, cells in rows.items():
            label = item if w is None else f"{item} {w}"
            print(f"{label:24s} goal {goal:.2f} | " + " | ".join(cells) +
                  f" | moves {dict(mv.get(item, {}))}")
