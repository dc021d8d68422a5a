#!/bin/sh
# postmark, 4 workers, stats sampled: an SSC of every CPU confines nothing (whole) against the
# SSC wake-up preemption alone (sscwake2), session 31's build (s31), and nobody
# lock-intensive (noclass).
B=/work/main/target/release; BIN=/work/main/results/bin; O=$1; R=${2:-6}; W=${3:-4}
$B/scx-ab --cooldown-s 1 --reps $R --sample-stats --workers $W \
  --variant eevdf --variant "whole=$BIN/s32/whole" \
  --variant "sscwake2=$BIN/s32/sscwake2" \
  --variant "s31=$BIN/s31/unseen" \
  --variant "noclass=$BIN/s32/whole --lock-threshold 99" \
  --out $O -- $B/scx-workloads files postmark --workers {workers} --duration 8 2>&1 | tail -8
