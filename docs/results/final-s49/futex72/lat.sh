#!/bin/sh
# In a 2-vCPU 7.2 guest: perf sched latency of stress-ng --futex 2 (3 s) under EEVDF and under
# scx_lockaware without lock tracing, alternated twice.
O=/work/main/results/s49/futex72
B=/work/main/results/s48/la-final
cd /dev/shm
for rep in 1 2; do
for v in eevdf base; do
  if [ $v = base ]; then
    $B --no-futex --no-kernel-locks --no-xcall-waits > /dev/null 2>&1 &
    sp=$!
    for i in $(seq 50); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done
  fi
  perf sched record -o /dev/shm/p.data -- stress-ng --futex 2 --timeout 3 --metrics-brief > $O/lat-sn-$v-$rep.log 2>&1
  perf sched latency -i /dev/shm/p.data --sort max 2>/dev/null | grep -E "stress-ng|TOTAL" | head -8 > $O/lat-$v-$rep.txt
  echo "$v $rep: $(awk '$4 == "futex" {print $9}' $O/lat-sn-$v-$rep.log) bogo ops/s"; cat $O/lat-$v-$rep.txt
  if [ $v = base ]; then kill -INT $sp; wait $sp; fi
  rm -f /dev/shm/p.data
done
done
