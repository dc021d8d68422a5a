#!/bin/sh
B=/work/main/target/release
cd /work/main/results/s28
$B/scx-ab --cooldown-s 1 --reps 5 --sample-stats \
  --variant eevdf --variant "lockaware=$B/scx_lockaware" \
  --variant "nobias=$B/scx_lockaware --thro-bias 0" \
  --variant "ssc1=$B/scx_lockaware --ssc-cpus 0" --variant "ssc2=$B/scx_lockaware --ssc-cpus 0-1" \
  --out sizes-sysbench-mutex -- /work/main/tools/bench/ext-workload sysbench-mutex 4 6
