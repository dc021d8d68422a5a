#!/bin/sh
# In a 2-vCPU 7.2 guest: stress-ng --futex 2 (4 s) under EEVDF and under scx_lockaware without
# lock tracing (the base scheduling), alternated 4 times (the first run: 3, with a snap() that
# read /proc/PID/sched). At 3.5 s the stressors' counters (came back empty in the guest:
# docs/benchmarks.md §68.7) and the CPUs' idle time over the run from /proc/stat.
O=/work/main/results/s49/futex72
B=/work/main/results/s48/la-final
cd /dev/shm
snap() {
  # /proc/PID/sched is absent on this 7.2 build: switches from status, run and run-queue
  # wait (ns) and timeslices from schedstat.
  for p in /proc/[0-9]*; do
    c=$(cat $p/comm 2>/dev/null) || continue
    case "$c" in stress-ng-futex*) ;; *) continue ;; esac
    v=$(awk '/^voluntary_ctxt_switches/{print $2}' $p/status 2>/dev/null)
    i=$(awk '/^nonvoluntary_ctxt_switches/{print $2}' $p/status 2>/dev/null)
    echo "$c vol=$v invol=$i schedstat=$(cat $p/schedstat 2>/dev/null)"
  done
}
for rep in 1 2 3 4; do
for v in eevdf base; do
  if [ $v = base ]; then
    $B --no-futex --no-kernel-locks --no-xcall-waits > $O/sched-$rep.log 2>&1 &
    sp=$!
    for i in $(seq 50); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done
  fi
  idle0=$(awk '/^cpu /{print $5}' /proc/stat)
  stress-ng --futex 2 --timeout 4 --metrics-brief > $O/sn-$v-$rep.log 2>&1 &
  np=$!
  sleep 3.5
  snap > $O/counts-$v-$rep.txt
  wait $np
  idle1=$(awk '/^cpu /{print $5}' /proc/stat)
  echo "$v $rep: $(awk '$4 == "futex" {print $9}' $O/sn-$v-$rep.log) bogo ops/s; idle ticks $((idle1 - idle0)); state $(cat /sys/kernel/sched_ext/state)"
  if [ $v = base ]; then kill -INT $sp; wait $sp; fi
  sleep 1
done
done
