#!/bin/sh
# Session 36: a preempted (or slice-ended) one-CPU task requeued on its CPU's local queue when
# nothing else waits (requeue = results/bin/s36/requeue) against the build without it
# (pinned = results/bin/s36/pinned, which has the classification change), the kernel's
# scx_simple ($SIMPLE) beside, 2 vCPUs, 8 interleaved repetitions: micro sem (pinned
# ping-pong) and perf bench futex lock-pi -t 4.
B=/work/main/target/release; L=/work/main/results/bin/s36; O=$1; R=${2:-8}
SIMPLE=${SIMPLE:-/work/main/.cache/scx-simple-7.2/scx_simple}
EXT=/work/main/tools/bench/ext-workload
set -- --variant eevdf --variant "pinned=$L/pinned" --variant "requeue=$L/requeue" \
  --variant "simple=$SIMPLE"
$B/scx-ab --cooldown-s 1 --reps $R --sample-stats "$@" --out $O/sem -- $B/scx-workloads micro sem --pin --duration 5 2>&1 | tail -6
$B/scx-ab --cooldown-s 1 --reps $R --sample-stats "$@" --out $O/lock-pi -- $EXT futex-lock-pi 4 5 0 2>&1 | tail -6
