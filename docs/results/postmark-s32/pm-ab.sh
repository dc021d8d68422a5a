#!/bin/sh
# postmark, 2 and 4 workers, stats sampled: SSC CPUs serving the two queues in vtime order
# (this build) against the SSC queue first (--ssc-queue-first, and session 31's build).
B=/work/main/target/release; O=$1; R=${2:-6}
$B/scx-ab --cooldown-s 1 --reps $R --sample-stats --workers 2,4 \
  --variant eevdf --variant "lockaware=$B/scx_lockaware" \
  --variant "queuefirst=$B/scx_lockaware --ssc-queue-first" \
  --variant "s31=/work/main/results/bin/s31/unseen" \
  --out $O -- $B/scx-workloads files postmark --workers {workers} --duration 8 2>&1 | tail -12
