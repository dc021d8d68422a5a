#!/bin/sh
# postmark as the lock suite runs it (workers 1,2,4 interleaved in one scx-ab call), with the
# scheduler's stats sampled: where does the search sit in the 4-worker runs that lose?
B=/work/main/target/release; O=$1; R=${2:-3}
$B/scx-ab --cooldown-s 1 --reps $R --sample-stats --workers 1,2,4 \
  --variant eevdf --variant "lockaware=$B/scx_lockaware" \
  --out $O -- $B/scx-workloads files postmark --workers {workers} --duration 8 2>&1 | tail -8
