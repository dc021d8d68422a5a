#!/bin/sh
# usage: pair.sh BIN N [args]: N times, EEVDF for 3 s, then BIN -v started fresh and the mutex
# pair for 4 s; prints ops/s and the search's per-window debug lines (session 47, §66), the
# first PAIR_LINES (default 14; session 48 used 40) of each start
B=target/release
BIN=$1; N=$2; shift 2
for i in $(seq $N); do
  $B/scx-workloads counter --lock mutex --workers 2 --duration 3 2>&1 | grep -o '"ops_per_s":[0-9.]*' | head -1 | sed 's/^/eevdf /'
  $BIN -v "$@" > /dev/shm/la.log 2>&1 &
  pid=$!
  for j in $(seq 50); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done
  sleep 0.5
  $B/scx-workloads counter --lock mutex --workers 2 --duration 4 2>&1 | grep -o '"ops_per_s":[0-9.]*' | head -1 | sed "s/^/run $i /"
  kill -INT $pid; wait $pid
  grep -E "search:|SSC " /dev/shm/la.log | sed 's/^.*search:/  search:/' | head -${PAIR_LINES:-14}
done
