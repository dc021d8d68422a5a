#!/bin/sh
# Run in a 4-vCPU guest (oversubscribed: 4 vCPUs on 2 host cores):
#   tools/vm/vmrun --cpus 4 --memory 3G --timeout 2400 -- env REPS=6 sh docs/results/balance-controls-s19/msg4.sh
# The workloads the balancing's wait was chosen on (benchmarks §26), with this build's
# unserved-time rule (§29.1): messaging -g 4 -l 200 (s) and sysbench mutex 8 threads (ops/s).
# Variants: EEVDF; new = this build; s17 = build 6547e64 (the wait alone). Output lines:
# ITEM VARIANT rep=N value (docs/results/messaging-4vcpu-s16/items.py reads them).
cd /work/main
waiten() { for i in $(seq 100); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done; sleep 1; }
val() { grep -o "\"$1\":[0-9.]*" | head -1 | cut -d: -f2; }
sysm() { echo "sysm $1 rep=$rep ops=$(tools/bench/ext-workload sysbench-mutex 8 4 0 2>/dev/null | val ops_per_s)"; }
msg() { c0=$(awk '/^ctxt/{print $2}' /proc/stat); t=$(perf bench sched messaging -g 4 -l 200 2>&1 | awk '/Total time/{print $3}'); c1=$(awk '/^ctxt/{print $2}' /proc/stat); echo "msg $1 rep=$rep t=$t ctxt=$((c1-c0))"; }
one() { name=$1; shift; if [ "$name" = eevdf ]; then $W eevdf; else "$@" > /dev/null 2>&1 & p=$!; waiten; $W $name; kill -INT $p; wait $p; fi; }
for rep in $(seq ${REPS:-6}); do
for W in ${ITEMS:-msg sysm}; do
  one eevdf
  one new target/release/scx_lockaware
  one s17 .cache/scx_lockaware.6547e64
done; done
