#!/bin/sh
# counter-mutex with 4 workers at 2 vCPUs: session 33's build and the change, each twice per
# repetition in both orders, stats sampled (SSC size per second).
B=/work/main/target/release; O=$1; R=${2:-5}; L=/work/main/results/bin/s34
$B/scx-ab --cooldown-s 1 --reps $R --sample-stats \
  --variant eevdf --variant "base=$L/base" --variant "scan2=$L/scan2" \
  --variant "scan2b=$L/scan2" --variant "base2=$L/base" \
  --out $O -- $B/scx-workloads counter --lock mutex --workers 4 --duration 4 2>&1 | tail -8
