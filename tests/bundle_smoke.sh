#!/bin/sh
# Build the portable scale bundle and run its smoke suite (2 vCPUs): the guest must boot from
# the bundle alone, attach scx_lockaware, run a two-variant A/B and bring the results back.
set -eu
cd "$(dirname "$0")/.."
rm -rf .cache/bundle .cache/bundle-results
tools/bundle/make-bundle .cache/bundle
.cache/bundle/run.sh -c 2 -m 2G -s smoke -o .cache/bundle-results -T 600
python3 - <<'PY'
import json
runs = [json.loads(l) for l in open(".cache/bundle-results/smoke/runs.jsonl")]
assert len(runs) == 2, runs
assert all(r["valid"] for r in runs), runs
assert runs[0]["variant"] == "eevdf" and runs[0]["ops"] == ""
assert runs[1]["ops"].startswith("lockaware"), runs[1]
s = json.load(open(".cache/bundle-results/smoke/summary.json"))
assert len(s["cells"]) == 2
print("bundle smoke: 1 passed")
PY
