#!/bin/sh
# postmark with 4 workers at 2 vCPUs: session 34's build (s34 = results/bin/s34/scan2) and the
# SSC wake-up fallback (new = results/bin/s35/base, commit 0ccb951), each twice per repetition
# in both orders, stats sampled (SSC wake-up preemptions, the fallback's among them).
B=/work/main/target/release; O=$1; R=${2:-6}
$B/scx-ab --cooldown-s 1 --reps $R --sample-stats \
  --variant eevdf --variant "s34=/work/main/results/bin/s34/scan2" \
  --variant "new=/work/main/results/bin/s35/base" --variant "newb=/work/main/results/bin/s35/base" \
  --variant "s34b=/work/main/results/bin/s34/scan2" \
  --out $O -- $B/scx-workloads files postmark --workers 4 --duration 4 2>&1 | tail -8
