#!/bin/sh
# mmap 2 threads at fixed SSC 1 and 2: where the CPU time goes (perf, cpu-clock sampling)
B=/work/main/target/release; S=/work/main/results/bin/s30; O=$1
mkdir -p $O
for ssc in 0 0-1; do
  $S/class --ssc-cpus $ssc > $O/sched-$ssc.log 2>&1 &
  sp=$!
  for i in $(seq 50); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.1; done
  $B/scx-workloads mmap --threads 2 --duration 6 > $O/mm-$ssc.json 2>/dev/null &
  wp=$!
  sleep 2
  perf record -a -g -e cpu-clock -o $O/perf-$ssc.data -- sleep 2 > /dev/null 2>&1
  wait $wp
  kill -INT $sp; wait $sp
  perf report -i $O/perf-$ssc.data --no-children --sort sym --stdio 2>/dev/null | grep -v '^#' | grep '%' | head -40 > $O/report-$ssc.txt
  perf report -i $O/perf-$ssc.data --children --sort sym --stdio -g none 2>/dev/null | grep -v '^#' | grep '%' | head -60 > $O/children-$ssc.txt
  sleep 1
done
