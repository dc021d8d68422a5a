#!/bin/sh
# postmark, 4 workers: the search's decisions with n_lock (debug log), per rep
B=/work/main/target/release; O=$1; R=${2:-3}; SCHED=${3:-/work/main/.cache/s30/scx_lockaware.base}
mkdir -p $O
for r in $(seq 1 $R); do
  $SCHED -v > $O/sched-$r.log 2>&1 &
  sp=$!
  for i in $(seq 50); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.1; done
  $B/scx-workloads files postmark --workers 4 --duration 8 > $O/pm-$r.json 2>/dev/null
  kill -INT $sp; wait $sp
  sleep 1
  $B/scx-workloads files postmark --workers 4 --duration 8 > $O/pm-eevdf-$r.json 2>/dev/null
done
