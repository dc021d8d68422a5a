#!/bin/sh
# In a 2-vCPU guest: stress-ng --futex 2 under EEVDF, 8 runs with perf record of
# sched_switch/waking/migrate/fork, to catch EEVDF's fast mode (12-17 k ops/s) in a trace.
O=/work/main/results/s50/lay/$1
mkdir -p $O
cd /dev/shm
for rep in 1 2 3 4 5 6 7 8; do
  perf record -q -e sched:sched_switch -e sched:sched_waking -e sched:sched_migrate_task -e sched:sched_process_fork -a -o /dev/shm/p.data -- stress-ng --futex 2 --timeout 3 --metrics-brief -v > $O/fsn-$rep.log 2>&1
  perf script -i /dev/shm/p.data -F cpu,time,event,trace 2>/dev/null | gzip > $O/fs-$rep.txt.gz
  echo "eevdf $rep (perf): $(grep -E 'futex +[0-9]' $O/fsn-$rep.log | awk '{print $9}') ops/s; timeouts $(grep 'futex timeouts' $O/fsn-$rep.log | awk '{print $NF}' | tr '\n' ' ')"
  rm -f /dev/shm/p.data
done
