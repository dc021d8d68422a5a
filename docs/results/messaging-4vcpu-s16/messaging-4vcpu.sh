#!/bin/sh
# Run in a 4-vCPU guest (oversubscribed: 4 vCPUs on 2 host cores):
#   tools/vm/vmrun --cpus 4 --memory 3G --timeout 1500 -- env REPS=8 sh docs/results/messaging-4vcpu-s16/messaging-4vcpu.sh
# Variants, interleaved in each repetition: EEVDF; la = this build; run0 = --wake-preempt-min-run-us 0
# (wake-up preemption as before session 15); pre22 = build 6370838 (before §22.1's balancing);
# s6 = build c1fd036 (§13.3's 1.13). Each line: time (s) of perf bench sched messaging -g 4 -l 200,
# context switches in the guest during it; the scheduler's stats of each run in .cache/msg4/.
cd /work/main; mkdir -p .cache/msg4; rm -f .cache/msg4/*
waiten() { for i in $(seq 100); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done; sleep 1; }
msg() { c0=$(awk '/^ctxt/{print $2}' /proc/stat); t=$(perf bench sched messaging -g 4 -l 200 2>&1 | awk '/Total time/{print $3}'); c1=$(awk '/^ctxt/{print $2}' /proc/stat); echo "msg $1 rep=$rep $(cat /sys/kernel/sched_ext/state) t=$t ctxt=$((c1-c0))"; }
one() { name=$1; shift; if [ "$name" = eevdf ]; then msg eevdf; else "$@" --stats 1 > .cache/msg4/$name.$rep.txt 2>&1 & p=$!; waiten; msg $name; sleep 1.2; kill -INT $p; wait $p; fi; }
for rep in $(seq ${REPS:-8}); do
  one eevdf
  one la target/release/scx_lockaware
  one run0 target/release/scx_lockaware --wake-preempt-min-run-us 0
  one pre22 .cache/scx_lockaware.6370838
  one s6 .cache/scx_lockaware.c1fd036
done
