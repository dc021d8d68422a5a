#!/bin/sh
# Run in a 4-vCPU guest (oversubscribed: 4 vCPUs on 2 host cores):
#   tools/vm/vmrun --cpus 4 --memory 3G --timeout 1500 -- env REPS=8 sh docs/results/messaging-4vcpu-s16/balance.sh
# As messaging-4vcpu.sh; variants: EEVDF; bal5ms = this build (a CPU compares the queues at most
# every 5 ms); bal0 = --balance-interval-us 0 (at every dispatch, as before); wait5ms = bal0 with
# --balance-min-wait-us 5000 (moves only a task that waited a slice); pre22 = build 6370838.
cd /work/main; mkdir -p .cache/msg5; rm -f .cache/msg5/*
waiten() { for i in $(seq 100); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done; sleep 1; }
msg() { c0=$(awk '/^ctxt/{print $2}' /proc/stat); t=$(perf bench sched messaging -g 4 -l 200 2>&1 | awk '/Total time/{print $3}'); c1=$(awk '/^ctxt/{print $2}' /proc/stat); echo "msg $1 rep=$rep $(cat /sys/kernel/sched_ext/state) t=$t ctxt=$((c1-c0))"; }
one() { name=$1; shift; if [ "$name" = eevdf ]; then msg eevdf; else "$@" --stats 1 > .cache/msg5/$name.$rep.txt 2>&1 & p=$!; waiten; msg $name; sleep 1.2; kill -INT $p; wait $p; fi; }
for rep in $(seq ${REPS:-8}); do
  one eevdf
  one bal5ms target/release/scx_lockaware
  one bal0 target/release/scx_lockaware --balance-interval-us 0
  one wait5ms target/release/scx_lockaware --balance-interval-us 0 --balance-min-wait-us 5000
  one pre22 .cache/scx_lockaware.6370838
done
