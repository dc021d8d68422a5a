#!/bin/sh
# guest: agent CPU time during stress-ng pipe under several variants
B=$1
run() {
  name=$1; shift
  "$@" >/tmp/la.log 2>&1 &
  pid=$!
  i=0; while [ "$(cat /sys/kernel/sched_ext/state)" != enabled ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done
  sleep 1
  a=$(awk '{print $14+$15}' /proc/$pid/stat)
  ops=$(stress-ng --pipe 1 -t 4 --metrics-brief 2>&1 | awk '/pipe /{print $(NF-1)}' | tail -1)
  b=$(awk '{print $14+$15}' /proc/$pid/stat)
  kill -INT $pid; wait $pid
  echo "$name ops/s=$ops agent_ticks=$((b-a)) state=$(cat /sys/kernel/sched_ext/state)"
}
for r in 1 2; do
run head $B/la-head
run noclass $B/la-head --lock-threshold 99
run fixed $B/la-head --ssc-cpus 0-1
done
