#!/bin/sh
# In a guest: mmap with 2 threads beside scx_lockaware -v, 5 parts (default) and 1, alternating.
out=${1:-/tmp/mmap2}; mkdir -p "$out"
B=target/release
for rep in 1 2 3 4; do
  for v in p5 p1; do
    args=; [ $v = p1 ] && args="--window-parts 1"
    $B/scx_lockaware -v $args > "$out/$v-$rep.log" 2>&1 &
    pid=$!
    for i in $(seq 50); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done
    $B/scx-workloads mmap --threads 2 --duration 5 > "$out/$v-$rep.out" 2>&1
    kill -INT $pid; wait $pid
    echo "$v $rep $(tail -c 300 $out/$v-$rep.out | tr '\n' ' ')"
  done
done
