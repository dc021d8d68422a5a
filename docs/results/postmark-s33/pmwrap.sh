#!/bin/sh
# postmark under perf stat: the workload's JSON plus its context switches and migrations.
W=$1; D=$2; T=$(mktemp)
J=$(perf stat -x, -e context-switches,cpu-migrations,task-clock -o $T -- \
    /work/main/target/release/scx-workloads files postmark --workers $W --duration $D | tail -1)
python3 - "$T" "$J" <<'PY'
import json, sys
j = json.loads(sys.argv[2])
for line in open(sys.argv[1]):
    f = line.strip().split(",")
    if len(f) > 2 and f[2] in ("context-switches", "cpu-migrations", "task-clock"):
        try:
            v = float(f[0])
        except ValueError:
            continue
        j[{"context-switches": "csw_per_s", "cpu-migrations": "migr_per_s", "task-clock": "cpu_ms_per_s"}[f[2]]] = v / j["duration_s"]
print(json.dumps(j))
PY
rm -f $T
