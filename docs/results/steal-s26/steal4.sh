#!/bin/sh
# 4-vCPU experiment: does an idle CPU that does not steal freshly queued tasks help?
B=$PWD/target/release
O=$1; R=${2:-4}; S=${3:-8}
mkdir -p $O; cd $O
for w in "sysbench-threads 16 2" "stress-futex 4 0" "messaging 4 0"; do
  set -- $w
  $B/scx-ab --cooldown-s 1 --reps $R --variant eevdf --variant "lockaware=$B/scx_lockaware" \
    --variant "steal500=$B/scx_lockaware --steal-min-wait-us 500" \
    --variant "affsteal=$B/scx_lockaware --wake-affine --steal-min-wait-us 500" \
    --out $1 -- /work/main/tools/bench/ext-workload $1 $2 $S $3 2>&1 | tail -6
done
