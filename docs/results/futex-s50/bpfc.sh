#!/bin/sh
# In a 2-vCPU guest: stress-ng --futex 2 (4 s) under the base (no tracing) with --bpf-stats, twice;
# the statistics at the end give every program's runs and mean ns per run.
O=/work/main/results/s50/lay/$1
B=${B:-/work/main/results/s48/la-final}
mkdir -p $O
cd /dev/shm
for rep in 1 2; do
  $B --no-futex --no-kernel-locks --no-xcall-waits --bpf-stats --stats 5 > $O/bpfc-sched-$rep.log 2>&1 &
  sp=$!
  for i in $(seq 50); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done
  sleep 1
  stress-ng --futex 2 --timeout 4 --metrics-brief -v > $O/bpfc-sn-$rep.log 2>&1
  echo "rep $rep: $(grep -E 'futex +[0-9]' $O/bpfc-sn-$rep.log | awk '{print $9}') ops/s"
  sleep 4
  kill -INT $sp; wait $sp
done
