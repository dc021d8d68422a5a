#!/bin/sh
# session 79: what one CPU costs a pipe pair under EEVDF alone (no sched_ext scheduler), in the
# guest: perf bench sched pipe with processes and with threads (-T: one address space), and
# stress-ng pipe, each pinned to CPU 0 and to CPUs 0-1, 3 rounds interleaved. A process
# switch changes the address space, which in a TCG guest flushes the vCPU's soft TLB.
# Run as: tools/vm/vmrun --cpus 2 --memory 2G --timeout 600 -- sh docs/results/settle-s79/onecpu.sh
for r in 1 2 3; do
  for cpus in 0 0-1; do
    for mode in proc thread; do
      T=; [ $mode = thread ] && T=-T
      out=$(taskset -c $cpus perf bench sched pipe -l 100000 $T 2>&1 | grep "ops/sec")
      echo "round $r cpus $cpus perf-pipe $mode: $out"
    done
    cs0=$(awk '/^ctxt/{print $2}' /proc/stat)
    out=$(taskset -c $cpus stress-ng --pipe 1 -t 4 --metrics-brief 2>&1 | grep -E " pipe " | tail -1)
    cs1=$(awk '/^ctxt/{print $2}' /proc/stat)
    echo "round $r cpus $cpus stress-pipe: $out | context switches $((cs1 - cs0))"
  done
done
