#!/bin/sh
# mmap 2 and 4 threads with the scheduler's stats sampled: xcall and base builds, fixed 1 CPU, against EEVDF
B=/work/main/target/release; O=$1; R=${2:-5}; S=/work/main/results/bin/s30
$B/scx-ab --cooldown-s 1 --reps $R --sample-stats --workers 2,4 \
  --variant eevdf --variant "xcall=$S/xcall" --variant "base=$S/base" --variant "ssc1=$S/xcall --ssc-cpus 0" \
  --out $O -- $B/scx-workloads mmap --threads {workers} --duration 8 2>&1 | tail -10
