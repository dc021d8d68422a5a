#!/bin/sh
# Run in a 2-vCPU guest: tools/vm/vmrun --cpus 2 --memory 3G -- env ITEMS="fut bar msg" REPS=4 sh three-workloads.sh
# (ITEMS=msg REPS=8 for eligible-messaging.txt); la = the build, run0 = --wake-preempt-min-run-us 0.
cd /work/main
waiten() { for i in $(seq 100); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done; sleep 1; }
msg() { c0=$(awk '/^ctxt/{print $2}' /proc/stat); t=$(perf bench sched messaging -g 2 -l 200 2>&1 | awk '/Total time/{print $3}'); c1=$(awk '/^ctxt/{print $2}' /proc/stat); echo "msg $1 $(cat /sys/kernel/sched_ext/state) t=$t ctxt=$((c1-c0))"; }
fut() { echo "futex $1 $(tools/bench/ext-workload stress-futex 2 4 0 2>/dev/null | grep -o '"ops_per_s":[0-9.]*')"; }
bar() { echo "barrier $1 $(tools/bench/inform-workload pthread-barrier 8 2 4 2>/dev/null | grep -o '"ops_per_s":[0-9.]*')"; }
one() { name=$1; shift; if [ "$name" = eevdf ]; then $W eevdf; else "$@" > /tmp/s.$name 2>&1 & p=$!; waiten; $W $name; kill -INT $p; wait $p; fi; }
for W in ${ITEMS:-msg fut bar}; do
for rep in $(seq ${REPS:-4}); do
  one eevdf
  one la target/release/scx_lockaware
  one run0 target/release/scx_lockaware --wake-preempt-min-run-us 0
done; done
