#!/bin/sh
# counter-mutex 2 and 4 workers with the stats sampled: final and base builds, fixed 1 and 2 CPUs
B=/work/main/target/release; O=$1; R=${2:-5}; S=/work/main/results/bin/s30
$B/scx-ab --cooldown-s 1 --reps $R --sample-stats --workers 4,2 \
  --variant eevdf --variant "xcall=$S/xcall" --variant "base=$S/base" --variant "ssc1=$S/xcall --ssc-cpus 0" \
  --out $O -- $B/scx-workloads counter --lock mutex --workers {workers} --duration 8 2>&1 | tail -10
