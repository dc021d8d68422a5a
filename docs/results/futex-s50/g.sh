#!/bin/sh
# In a 2-vCPU guest: stress-ng --futex 2 under EEVDF and under scx_lockaware's base (no lock
# tracing), alternated. Per run: bogo ops and the children's timeouts (-v), then a perf sched
# record run whose sched_switch/wakeup events are dumped for the layout analysis on the host.
O=/work/main/results/s50/lay/$1
B=/work/main/results/s48/la-final
mkdir -p $O
cd /dev/shm
for rep in 1 2 3; do
for v in eevdf base; do
  if [ $v = base ]; then
    $B --no-futex --no-kernel-locks --no-xcall-waits > $O/sched-$rep.log 2>&1 &
    sp=$!
    for i in $(seq 50); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done
    echo "state $(cat /sys/kernel/sched_ext/state) $(cat /sys/kernel/sched_ext/root/ops)"
  fi
  stress-ng --futex 2 --timeout 4 --metrics-brief -v > $O/sn-$v-$rep.log 2>&1
  echo "$v $rep: $(grep -E 'futex +[0-9]' $O/sn-$v-$rep.log | awk '{print $9}') ops/s; $(grep -c 'futex timeouts' $O/sn-$v-$rep.log) timeout lines: $(grep 'futex timeouts' $O/sn-$v-$rep.log | awk '{print $NF}' | tr '\n' ' ')"
  perf record -q -e sched:sched_switch -e sched:sched_wakeup -e sched:sched_waking -e sched:sched_migrate_task -e sched:sched_process_fork -a -o /dev/shm/p.data -- stress-ng --futex 2 --timeout 3 --metrics-brief -v > $O/psn-$v-$rep.log 2>&1
  perf script -i /dev/shm/p.data -F cpu,time,event,trace 2>/dev/null | gzip > $O/ps-$v-$rep.txt.gz
  echo "$v $rep (perf): $(grep -E 'futex +[0-9]' $O/psn-$v-$rep.log | awk '{print $9}') ops/s; timeouts $(grep 'futex timeouts' $O/psn-$v-$rep.log | awk '{print $NF}' | tr '\n' ' ')"
  rm -f /dev/shm/p.data
  if [ $v = base ]; then kill -INT $sp; wait $sp; tail -3 $O/sched-$rep.log; fi
done
done
