#!/bin/sh
# Run in a 2-vCPU guest: tools/vm/vmrun --cpus 2 --memory 3G -- sh messaging-minrun.sh (the first
# version of this session: every running task protected); output in messaging-minrun.txt.
cd /work/main; mkdir -p .cache/msg2; rm -f .cache/msg2/*
waiten() { for i in $(seq 100); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done; sleep 1; }
run() { c0=$(awk '/^ctxt/{print $2}' /proc/stat); t=$(perf bench sched messaging -g 2 -l 200 2>&1 | awk '/Total time/{print $3}'); c1=$(awk '/^ctxt/{print $2}' /proc/stat); echo "$1 state=$(cat /sys/kernel/sched_ext/state) t=$t ctxt=$((c1-c0))"; }
sched() { name=$1; shift; "$@" --stats 0.25 > .cache/msg2/$name.$rep.txt 2>&1 & p=$!; waiten; run $name; sleep 0.5; kill -INT $p; wait $p; }
for rep in $(seq ${REPS:-8}); do
  run eevdf
  sched la target/release/scx_lockaware
  sched run0 target/release/scx_lockaware --wake-preempt-min-run-us 0
  sched nopre target/release/scx_lockaware --no-wake-preempt
done
