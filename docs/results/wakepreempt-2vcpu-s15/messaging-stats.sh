#!/bin/sh
# Run in a 2-vCPU guest: tools/vm/vmrun --cpus 2 --memory 3G -- sh messaging-stats.sh (build e14a91e);
# output in messaging-stats.txt, the scheduler stats of each run in messaging-stats/ (.cache/msg there).
cd /work/main; mkdir -p .cache/msg; rm -f .cache/msg/*
waiten() { for i in $(seq 100); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done; sleep 1; }
run() { c0=$(awk '/^ctxt/{print $2}' /proc/stat); t=$(perf bench sched messaging -g 2 -l 200 2>&1 | awk '/Total time/{print $3}'); c1=$(awk '/^ctxt/{print $2}' /proc/stat); echo "$1 state=$(cat /sys/kernel/sched_ext/state) t=$t ctxt=$((c1-c0))"; }
sched() { name=$1; shift; "$@" --stats 0.25 > .cache/msg/$name.$rep.txt 2>&1 & p=$!; waiten; run $name; sleep 0.5; kill -INT $p; wait $p; }
for rep in 1 2 3 4 5 6 7 8; do
  run eevdf
  sched la target/release/scx_lockaware
  sched nopre target/release/scx_lockaware --no-wake-preempt
done
