#!/bin/sh
# postmark, 4 workers, stats sampled: wake-up preemption for woken lock-intensive tasks on the
# SSC queue (sscwake) against session 31's build (s31), and the new build with nobody
# lock-intensive (noclass).
B=/work/main/target/release; BIN=/work/main/results/bin; O=$1; R=${2:-8}; W=${3:-4}
$B/scx-ab --cooldown-s 1 --reps $R --sample-stats --workers $W \
  --variant eevdf --variant "sscwake=$BIN/s32/sscwake" \
  --variant "s31=$BIN/s31/unseen" \
  --variant "noclass=$BIN/s32/sscwake --lock-threshold 99" \
  --out $O -- $B/scx-workloads files postmark --workers {workers} --duration 8 2>&1 | tail -8
