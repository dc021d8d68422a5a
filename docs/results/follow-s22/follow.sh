# How long the placement takes to follow an SSC resize (issue #11; docs/benchmarks.md §32):
# scx_lockaware's own measure (ssc_follow_ms, logged as "SSC of N CPUs followed in X ms")
# over many resizes: the search restarts every 2 s (--remig-timeout-s 2), in refine and
# paper mode, on three workloads. Run in a guest:
#   tools/vm/vmrun --cpus 4 --memory 2G -- sh docs/results/follow-s22/follow.sh OUT [SECS] [SETTLE]
cd /work/main
out=${1:-/tmp/follow}; secs=${2:-20}; settle=${3:-}
mkdir -p "$out"
ncpu=$(nproc)
for mode in refine paper; do
  for w in "mutex --lock-threads $ncpu --cpu-threads $((ncpu / 2)) --cs-ns 2000 --outside-ns 500" \
           "counter --lock mutex --workers $((2 * ncpu))" \
           "mmap --threads $ncpu"; do
    name=$(echo "$w" | cut -d' ' -f1)
    log="$out/$ncpu-$mode-$name${settle:+-settle$settle}.log"
    target/release/scx_lockaware --search $mode --remig-timeout-s 2 ${settle:+--settle-ms $settle} > "$log" 2>&1 & p=$!
    for i in $(seq 100); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done
    target/release/scx-workloads $w --duration $secs > "$log.json"
    kill -INT $p; wait $p
    echo "== $ncpu vCPUs, $mode, $name: $(grep -c 'followed in' "$log") followed, $(grep -c 'SSC .* -> ' "$log") resizes"
    grep -o 'followed in [0-9.]* ms' "$log" | awk '{print $3}' | sort -n | tr '\n' ' '; echo
  done
done
