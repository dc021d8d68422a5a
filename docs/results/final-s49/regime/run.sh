#!/bin/sh
# In a 2-vCPU guest: sysbench threads (8 threads, one mutex, 1 stress-ng CPU hog) under
# scx_lockaware, 16 s a run, sysbench's events per second (--report-interval 1), and every
# 0.1 s the CPU the hog last ran on and the CPUs of the sysbench threads (/proc/*/stat field
# 39). Builds alternated: what are §68.3's two steady states?
O=/work/main/results/s49/regime
cd /tmp
for rep in 1 2 3; do
for b in final base; do
  case $b in final) BIN=/work/main/results/s48/la-final ;; base) BIN=/work/main/results/s48/la-base ;; esac
  $BIN > $O/sched-$b-$rep.log 2>&1 &
  sp=$!
  for i in $(seq 50); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done
  stress-ng --cpu 1 --timeout 30 -q >/dev/null 2>&1 &
  hp=$!
  sysbench threads --threads=8 --thread-locks=1 --time=16 --report-interval=1 run > $O/sb-$b-$rep.log 2>&1 &
  sbp=$!
  sleep 0.5
  /root/.pyenv/versions/3.11.7/bin/python3 $O/sample.py $sbp $O/cpu-$b-$rep.txt
  kill $hp 2>/dev/null; pkill stress-ng; wait $hp 2>/dev/null
  kill -INT $sp; wait $sp
  echo "$b $rep: $(grep 'events per second\|total number of events' $O/sb-$b-$rep.log | tr -s ' ' | tr '\n' ' ')"
  sleep 1
done
done
