#!/bin/sh
# In the guest: which kernel locks the benchmark harness (scx-ab) waits on while the lock
# suite's mmap item runs under scx_lockaware (docs/benchmarks.md §67.4: the harness was the
# only lock-intensive task in some searches' first window). lock:contention_begin/end of
# every scx-ab thread, with the kernel stack of each wait that begins.
B=/work/main/target/release
T=/sys/kernel/tracing
[ -d $T/events ] || mount -t tracefs none $T
O=${1:-/work/main/results/s49/harness}
echo 0 > $T/tracing_on
echo > $T/trace
echo 8192 > $T/buffer_size_kb
for e in contention_begin contention_end; do
  echo 'comm ~ "scx-ab*"' > $T/events/lock/$e/filter
  echo 1 > $T/events/lock/$e/enable
done
echo 'stacktrace' > $T/events/lock/contention_begin/trigger
echo 1 > $T/tracing_on
cd /tmp
$B/scx-ab --cooldown-s 1 --sample-stats --stats-interval-ms 200 --reps 3 --variant eevdf \
  --variant "lockaware=$B/scx_lockaware" --workers 2 --out /tmp/h -- \
  $B/scx-workloads mmap --threads {workers} --duration 4 > $O/ab.log 2>&1
echo 0 > $T/tracing_on
cat $T/trace > $O/trace.txt
cp /tmp/h/runs.jsonl $O/runs.jsonl
wc -l $O/trace.txt
