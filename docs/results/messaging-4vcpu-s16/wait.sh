#!/bin/sh
# Run in a 4-vCPU guest (oversubscribed: 4 vCPUs on 2 host cores):
#   tools/vm/vmrun --cpus 4 --memory 3G --timeout 2400 -- env REPS=8 sh docs/results/messaging-4vcpu-s16/wait.sh
# The balancing's wait, across the workloads that moved in the 4-vCPU suite: stress-ng futex 8
# (ops/s), sysbench mutex 8 threads (lock ops/s), messaging -g 4 -l 200 (s). Variants: EEVDF;
# w5000 = the build (--balance-min-wait-us default: a slice); w1000 = 1 ms; w0 = 0 (any task,
# the rule before). Output lines: ITEM VARIANT rep=N value.
cd /work/main
waiten() { for i in $(seq 100); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done; sleep 1; }
val() { grep -o "\"$1\":[0-9.]*" | head -1 | cut -d: -f2; }
fut() { echo "fut $1 rep=$rep ops=$(tools/bench/ext-workload stress-futex 8 4 0 2>/dev/null | val ops_per_s)"; }
sysm() { echo "sysm $1 rep=$rep ops=$(tools/bench/ext-workload sysbench-mutex 8 4 0 2>/dev/null | val ops_per_s)"; }
msg() { c0=$(awk '/^ctxt/{print $2}' /proc/stat); t=$(perf bench sched messaging -g 4 -l 200 2>&1 | awk '/Total time/{print $3}'); c1=$(awk '/^ctxt/{print $2}' /proc/stat); echo "msg $1 rep=$rep t=$t ctxt=$((c1-c0))"; }
one() { name=$1; shift; if [ "$name" = eevdf ]; then $W eevdf; else "$@" > /dev/null 2>&1 & p=$!; waiten; $W $name; kill -INT $p; wait $p; fi; }
for rep in $(seq ${REPS:-8}); do
for W in ${ITEMS:-fut sysm msg}; do
  one eevdf
  one w5000 target/release/scx_lockaware
  one w1000 target/release/scx_lockaware --balance-min-wait-us 1000
  one w0 target/release/scx_lockaware --balance-min-wait-us 0
done; done
