#!/bin/sh
# Bisect of the ticket/MCS loops' share (docs/benchmarks.md §29.1; run in tools/vm/vmrun --cpus 2 --memory 2G): the two session-15/16 rules off, one at a time.
# Usage (in the guest): run.sh LOCK
R=/work/main/target/release
INF=/work/main/target/inform
export INFORM_DIR=$INF
cd /work/main/docs/results/inform-bisect-2vcpu-s19
L="$R/scx_lockaware --inform-lib $INF/libinform.so"
exec $R/scx-ab --cooldown-s 1 --reps ${REPS:-5} --also-metric hog_share --also-metric hog_service \
  --also-metric app_service --sample-stats \
  --variant eevdf --variant "inform=$L" \
  --variant "wp0=$L --wake-preempt-min-run-us 0" \
  --variant "bw0=$L --balance-min-wait-us 0" \
  --variant "both0=$L --wake-preempt-min-run-us 0 --balance-min-wait-us 0" \
  ${EXTRA:+--variant "$EXTRA"} \
  --out inform-$1 -- /work/main/tools/bench/inform-workload $1 8 2 4
