#!/bin/sh
# In a 2-vCPU guest: builds A and B in turn, 4 rounds, each started with --bpf-stats for one
# workload at a time: stress-ng --futex 2 (4 s), perf bench sched pipe (one pair, 40000 round
# trips), perf bench sched messaging -g 2 -l 100. The last statistics line of each run gives
# every program's runs and mean ns per run since attach (the workload and ~4 s around it).
O=$1; A=$2; B=$3
mkdir -p $O
cd /dev/shm
for rep in 1 2 3 4; do
 for w in futex pipe messaging; do
  for v in A B; do
   eval bin=\$$v
   f=$O/$w-$v-$rep
   $bin --bpf-stats --stats 2 > $f.sched.log 2>&1 &
   sp=$!
   for i in $(seq 50); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done
   sleep 1
   case $w in
    futex) stress-ng --futex 2 --timeout 4 --metrics-brief > $f.wl.log 2>&1 ;;
    pipe) perf bench sched pipe -l 40000 > $f.wl.log 2>&1 ;;
    messaging) perf bench sched messaging -g 2 -l 100 > $f.wl.log 2>&1 ;;
   esac
   sleep 2.5
   kill -INT $sp; wait $sp
   echo "rep $rep $w $v: $(grep -E 'futex +[0-9]|ops/sec|Total time' $f.wl.log | tr -s ' ' | tr '\n' ' ')"
  done
 done
done
