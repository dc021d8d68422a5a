#!/bin/sh
# In a 2-vCPU guest: stress-ng --cpu 4 for 4 s under EEVDF and under scx_lockaware ($1), 3
# rounds: bogo ops/s and the context switches (/proc/stat ctxt) over the run.
B=$1
cd /dev/shm
run() {
  c0=$(awk '/^ctxt/ {print $2}' /proc/stat)
  o=$(stress-ng --cpu 4 --timeout 4 --metrics-brief 2>&1 | awk '$4 == "cpu" && $5 ~ /^[0-9]+$/ {print $9}')
  c1=$(awk '/^ctxt/ {print $2}' /proc/stat)
  echo "$1 ops/s $o switches/s $(( (c1 - c0) / 4 ))"
}
for rep in 1 2 3; do
  run eevdf
  $B > /dev/null 2>&1 &
  sp=$!
  for i in $(seq 50); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done
  sleep 1
  run lockaware
  kill -INT $sp; wait $sp
  sleep 1
done
