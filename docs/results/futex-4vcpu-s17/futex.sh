#!/bin/sh
# Run in a 4-vCPU guest (oversubscribed: 4 vCPUs on 2 host cores):
#   tools/vm/vmrun --cpus 4 --memory 3G --timeout 2400 -- env REPS=6 sh docs/results/futex-4vcpu-s17/futex.sh
# Why stress-ng futex loses at 4 vCPUs (docs/benchmarks.md §26.2): `stress-ng --futex 8` for
# 6 s under EEVDF and three scx_lockaware variants, interleaved per repetition: la = the build;
# w0 = --balance-min-wait-us 0 (the balancing before §26.1); notrace = --no-futex
# --no-kernel-locks (no task is ever lock-bound: the base scheduler alone). Each run prints
#   ITEM VARIANT rep=N ops=BOGO_OPS_PER_S ctxt=CONTEXT_SWITCHES sw=S mig=M procs=P
# (sw, mig: nr_switches and se.nr_migrations summed over the stress-ng-futex processes, read
# 3 s in; the read itself takes a second or two in this guest); the scheduler's --stats 1 output goes to .cache/fut17/VARIANT.REP.txt.
cd /work/main; mkdir -p .cache/fut17; rm -f .cache/fut17/*
waiten() { for i in $(seq 100); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done; sleep 1; }
counts() {
  # One awk over every task's sched file: a loop of cat/awk per process takes seconds here.
  awk 'FNR==1 {on = ($1 == "stress-ng-futex"); n += on} on && /^nr_switches/ {sw += $3}
       on && /se.nr_migrations/ {mig += $3} END {printf "sw=%d mig=%d procs=%d", sw, mig, n}' /proc/[0-9]*/sched 2>/dev/null
}
fut() {
  c0=$(awk '/^ctxt/{print $2}' /proc/stat)
  stress-ng --futex 8 --timeout 6 --metrics-brief > .cache/fut17/out 2>&1 &
  s=$!; sleep 3; c=$(counts); wait $s
  c1=$(awk '/^ctxt/{print $2}' /proc/stat)
  ops=$(awk '$4 == "futex" && $5 ~ /^[0-9]+$/ {print $9}' .cache/fut17/out)
  echo "fut $1 rep=$rep $(cat /sys/kernel/sched_ext/state) ops=$ops ctxt=$((c1-c0)) $c"
}
one() { name=$1; shift; if [ "$name" = eevdf ]; then fut eevdf; else "$@" --stats 1 > .cache/fut17/$name.$rep.txt 2>&1 & p=$!; waiten; fut $name; sleep 1.2; kill -INT $p; wait $p; fi; }
for rep in $(seq ${REPS:-6}); do
  one eevdf
  one la target/release/scx_lockaware
  one w0 target/release/scx_lockaware --balance-min-wait-us 0
  one notrace target/release/scx_lockaware --no-futex --no-kernel-locks
done
