#!/bin/sh
# usage: pair.sh ROUNDS [scx_lockaware args...]: a two-thread glibc-mutex counter (scx-workloads
# counter --lock mutex --workers 2, 8 s) under EEVDF and under scx_lockaware, interleaved;
# prints ops/s per run and, for scx_lockaware, the classified-task count of each 0.5-s stats
# line from 3 s on (what tests/vm/test_ssc.py's pair test samples).
B=$(pwd)/target/release
R=$1; shift
for r in $(seq $R); do
  $B/scx-workloads counter --lock mutex --workers 2 --duration 8 > /dev/shm/cm.out 2>&1
  echo "round $r eevdf $(grep -o '"ops_per_s":[0-9.]*' /dev/shm/cm.out | head -1)"
  $B/scx_lockaware --stats 0.5 "$@" > /dev/shm/la.log 2>&1 &
  pid=$!
  for i in $(seq 50); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done
  sleep 0.5
  n0=$(wc -l < /dev/shm/la.log)
  $B/scx-workloads counter --lock mutex --workers 2 --duration 8 > /dev/shm/cm.out 2>&1
  kill -INT $pid; wait $pid
  cls=$(tail -n +$((n0 + 1)) /dev/shm/la.log | grep -o 'lock tasks [0-9]*' | awk '{printf "%s", $3}' | cut -c7-16)
  echo "round $r lockaware $(grep -o '"ops_per_s":[0-9.]*' /dev/shm/cm.out | head -1) classified $cls $(grep -o 'lock tasks [0-9]* ([^)]*)' /dev/shm/la.log | tail -1)"
done
