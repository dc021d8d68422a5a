#!/bin/sh
# counter-mutex 2 and 4 workers with the stats sampled: this build (unseen), the session-30 build (base), a fixed 1-CPU SSC
B=/work/main/target/release; O=$1; R=${2:-5}; S=/work/main/results/bin; N=$S/s31/unseen
$B/scx-ab --cooldown-s 1 --reps $R --sample-stats --workers 4,2 \
  --variant eevdf --variant "unseen=$N" --variant "base=$S/s30/xcall" --variant "ssc1=$N --ssc-cpus 0" \
  --out $O -- $B/scx-workloads counter --lock mutex --workers {workers} --duration 8 2>&1 | tail -10
