#!/bin/sh
B=$PWD/target/release
O=$1; R=${2:-6}; S=${3:-8}; W=${4:-stress-futex 4 0}
mkdir -p $O; cd $O
set -- $W
$B/scx-ab --cooldown-s 1 --reps $R --variant eevdf --variant "lockaware=$B/scx_lockaware" \
    --variant "affine=$B/scx_lockaware --wake-affine" \
    --variant "steal500=$B/scx_lockaware --steal-min-wait-us 500" \
    --variant "affsteal=$B/scx_lockaware --wake-affine --steal-min-wait-us 500" \
    --out $1 -- /work/main/tools/bench/ext-workload $1 $2 $S $3 2>&1 | tail -6
