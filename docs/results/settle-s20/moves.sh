# --settle-ms end to end (docs/benchmarks.md §30.4): the SSC search's moves with a 500-ms
# window, with and without a 100-ms window after each resize, on 4 threads of one pthread
# mutex next to 2 CPU-bound threads (test_ssc's workload). Run in a 4-vCPU guest:
#   tools/vm/vmrun --cpus 4 --memory 2G -- sh docs/results/settle-s20/moves.sh
cd /work/main
for v in "" "--settle-ms 100"; do
  target/release/scx_lockaware --interval-ms 500 $v --stats 1 > /tmp/st.log 2>&1 & p=$!
  for i in $(seq 100); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done
  target/release/scx-workloads mutex --lock-threads 4 --cpu-threads 2 --duration 20 --cs-ns 2000 --outside-ns 500 > /dev/null
  kill -INT $p; wait $p
  echo "== --interval-ms 500 $v"
  grep "moves:" /tmp/st.log | tr " " "\n" | grep "s:" | sort -un
done
