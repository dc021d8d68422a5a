#!/bin/sh
# In a 2-vCPU 7.2 guest: stress-ng --futex 2 (4 s) under EEVDF and under scx_lockaware without
# lock tracing (the base scheduling), alternated 3 times. At 3.5 s the stressors' counters from
# /proc/PID/sched (switches voluntary/involuntary, migrations, run-queue wait) and the CPUs'
# idle time over the run from /proc/stat.
O=/work/main/results/s49/futex72
B=/work/main/results/s48/la-final
cd /dev/shm
snap() {
  for p in /proc/[0-9]*; do
    c=$(cat $p/comm 2>/dev/null) || continue
    case "$c" in stress-ng-futex*) ;; *) continue ;; esac
    awk -v c="$c" '/^nr_switches/{s=$3} /^nr_voluntary_switches/{v=$3} /^nr_involuntary_switches/{i=$3} /se.nr_migrations/{m=$3} /wait_sum/{w=$3} /se.sum_exec_runtime/{r=$3} END{printf "%s sw=%d vol=%d invol=%d mig=%d wait_ms=%.0f run_ms=%.0f\n", c, s, v, i, m, w, r}' $p/sched
  done
}
for rep in 1 2 3; do
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
