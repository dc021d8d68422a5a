#!/bin/sh
# Session 36: the local requeue narrowed to the waker a local hand-off preempted (handoff =
# results/bin/s36/handoff) against the build without it (pinned = results/bin/s36/pinned),
# 2 vCPUs: micro sem and perf bench futex lock-pi -t 4 with the kernel's scx_simple beside
# (8 reps), then the other pinned micro controls (dup, fork, sock; 5 reps).
B=/work/main/target/release; L=/work/main/results/bin/s36; O=$1; R=${2:-8}
SIMPLE=${SIMPLE:-/work/main/.cache/scx-simple-7.2/scx_simple}
EXT=/work/main/tools/bench/ext-workload
set -- --variant eevdf --variant "pinned=$L/pinned" --variant "handoff=$L/handoff"
$B/scx-ab --cooldown-s 1 --reps $R --sample-stats "$@" --variant "simple=$SIMPLE" --out $O/sem -- $B/scx-workloads micro sem --pin --duration 5 2>&1 | tail -5
$B/scx-ab --cooldown-s 1 --reps $R --sample-stats "$@" --variant "simple=$SIMPLE" --out $O/lock-pi -- $EXT futex-lock-pi 4 5 0 2>&1 | tail -5
for m in dup fork sock; do
  $B/scx-ab --cooldown-s 1 --reps 5 --sample-stats "$@" --out $O/$m -- $B/scx-workloads micro $m --pin --duration 4 2>&1 | tail -4
done
