#!/bin/sh
# mmap, N threads: the search's decisions (debug log) of two builds, per rep
B=/work/main/target/release; S=/work/main/results/bin/s30; O=$1; R=${2:-3}; T=${3:-2}
mkdir -p $O
for r in $(seq 1 $R); do
  for v in class base; do
    $S/$v -v > $O/$v-$r.log 2>&1 &
    sp=$!
    for i in $(seq 50); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.1; done
    $B/scx-workloads mmap --threads $T --duration 8 > $O/$v-$r.json 2>/dev/null
    kill -INT $sp; wait $sp
    sleep 1
  done
done
