# The first look at the extension (docs/benchmarks.md §71, grants-first.txt): TTAS under
# EEVDF and scx_lockaware with the request, at budgets of 5 and 50 us. Run inside the guest.
mountpoint -q /sys/kernel/debug || mount -t debugfs none /sys/kernel/debug
f=/sys/kernel/debug/rseq/slice_ext_nsec
cat $f
run() { INFORM_RSEQ_SLICE=1 GLIBC_TUNABLES=glibc.pthread.rseq=0 sh tools/bench/inform-workload $1 8 2 4 | python3 -c "import json,sys; d=json.loads(sys.stdin.read()); print('$2', '$1', 'ext', open('$f').read().strip(), {k:d[k] for k in ('ops_per_s','slice_threads','slice_grants','slice_yields','slice_switched','hog_share')})"; }
for ns in 5000 50000; do
  echo $ns > $f
  run ttas eevdf; run pthread-spin eevdf
  target/release/scx_lockaware > /tmp/la.log 2>&1 & p=$!
  sleep 3; cat /sys/kernel/sched_ext/root/ops
  run ttas lockaware
  kill -INT $p; wait $p
done
