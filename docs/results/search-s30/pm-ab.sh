#!/bin/sh
# postmark 4 workers with the scheduler's stats sampled: new (class) and base against EEVDF
B=/work/main/target/release; O=$1; R=${2:-5}; S=/work/main/results/bin/s30
$B/scx-ab --cooldown-s 1 --reps $R --sample-stats --workers 4 \
  --variant eevdf --variant "class=$S/class" --variant "base=$S/base" \
  --out $O -- $B/scx-workloads files postmark --workers {workers} --duration 8 2>&1 | tail -4
