#!/bin/sh
# usage: mm2.sh ROUNDS: mmap 2 threads, this build and session 45's final, interleaved, with
# each run's stats lines (1 s)
cd /work/main
run() {
  name=$1 bin=$2
  $bin --stats 0.5 > /dev/shm/la.log 2>&1 &
  pid=$!
  for i in $(seq 50); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done
  sleep 0.5
  r=$(target/release/scx-workloads mmap --threads 2 --duration 4 | grep -o '"ops_per_s":[0-9.]*')
  kill -INT $pid; wait $pid
  echo "$name $r"
  grep -E "ssc [0-9]" /dev/shm/la.log | sed 's/^ */   /' | cut -c1-250
  grep -E "lock_tasks|top" /dev/shm/la.log | head -0
}
for r in $(seq $1); do
  run new target/release/scx_lockaware
  run before results/s45/la-final
done
