#!/bin/sh
# The balancing fix (docs/benchmarks.md §29.1): this build against the session-17 build and --no-balance.
# Usage (in the guest): run.sh LOCK THREADS HOGS [OUTSUFFIX]
R=/work/main/target/release
INF=/work/main/target/inform
export INFORM_DIR=$INF
cd /work/main/docs/results/inform-fix-s19
I="--inform-lib $INF/libinform.so"
exec $R/scx-ab --cooldown-s 1 --reps ${REPS:-5} --also-metric hog_share --also-metric hog_service \
  --also-metric app_service --sample-stats \
  --variant eevdf --variant "inform=$R/scx_lockaware $I" \
  --variant "inform17=/work/main/.cache/scx_lockaware.6547e64 $I" \
  --variant "nobal=$R/scx_lockaware $I --no-balance" \
  --out inform-$1-${4:-2vcpu} -- /work/main/tools/bench/inform-workload $1 $2 $3 4
