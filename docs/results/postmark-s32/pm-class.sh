#!/bin/sh
# postmark, 4 workers, stats sampled: the scheduler with its lock classification (the SSC
# path), without it (--lock-threshold 99: nobody lock-intensive, the tracing kept), and with
# no tracing at all.
B=/work/main/target/release; O=$1; R=${2:-8}
$B/scx-ab --cooldown-s 1 --reps $R --sample-stats --workers 4 \
  --variant eevdf --variant "lockaware=$B/scx_lockaware" \
  --variant "noclass=$B/scx_lockaware --lock-threshold 99" \
  --variant "notrace=$B/scx_lockaware --no-futex --no-kernel-locks --no-xcall-waits" \
  --out $O -- $B/scx-workloads files postmark --workers {workers} --duration 8 2>&1 | tail -8
