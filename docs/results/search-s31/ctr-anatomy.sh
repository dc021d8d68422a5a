#!/bin/sh
# counter-mutex 4 workers at a fixed SSC of 1 and 2 CPUs: operations, user and system time of the
# workers, futex calls and context switches, and the scheduler's own votes (stats every second)
B=/work/main/target/release; O=$1; R=${2:-3}; W=${3:-4}
SCHED=${SCHED:-$B/scx_lockaware}
mkdir -p $O
ticks() { # utime stime of every thread of $1, summed, in clock ticks
  cat /proc/$1/task/*/stat 2>/dev/null | awk '{u+=$14; s+=$15} END {print u, s}'
}
csw() { cat /proc/$1/task/*/status 2>/dev/null | awk '/^voluntary/{v+=$2} /^nonvoluntary/{n+=$2} END {print v, n}'; }
for r in $(seq $R); do
for ssc in 0 0-1; do
  t=$O/w$W-ssc$ssc-r$r
  $SCHED --ssc-cpus $ssc --stats 1 > $t.sched.log 2>&1 &
  sp=$!
  for i in $(seq 50); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.1; done
  $B/scx-workloads counter --lock mutex --workers $W --duration 7 > $t.json 2>/dev/null &
  wp=$!
  sleep 1.5
  a=$(ticks $wp); ca=$(csw $wp)
  perf stat -a -x, -e ${EVENTS:-context-switches,cpu-migrations} -o $t.perf -- sleep 4 >/dev/null 2>&1
  b=$(ticks $wp); cb=$(csw $wp)
  echo "ticks_before $a ticks_after $b csw_before $ca csw_after $cb" > $t.proc
  wait $wp
  kill -INT $sp; wait $sp
  sleep 1
done
done
