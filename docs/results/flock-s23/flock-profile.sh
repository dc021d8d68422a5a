# Where the guest's CPU time goes during stress-ng flock under EEVDF, scx_lockaware and the
# kernel's scx_simple: perf's cpu-clock sampling over all CPUs for 6 s of a 10 s run, one
# flat profile by symbol per scheduler (session 24, docs/benchmarks.md §34). Run in a guest:
#   tools/vm/vmrun --cpus N -- sh docs/results/flock-s23/flock-profile.sh OUT [WORKERS]
cd /work/main
out=${1:-/tmp/flock-profile}; w=${2:-$(nproc)}
mkdir -p "$out"
for v in eevdf lockaware simple; do
  p=
  case $v in
    lockaware) target/release/scx_lockaware > "$out/$v.log" 2>&1 & p=$! ;;
    simple) .cache/scx-simple-6.12/scx_simple > "$out/$v.log" 2>&1 & p=$! ;;
  esac
  if [ -n "$p" ]; then
    for i in $(seq 150); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done
  fi
  echo "$v: state $(cat /sys/kernel/sched_ext/state)" | tee -a "$out/states.txt"
  tools/bench/ext-workload stress-flock "$w" 10 > "$out/$v.result" 2>&1 & wl=$!
  sleep 2
  perf record -a -e cpu-clock -F 997 -o "/tmp/perf-$v.data" -- sleep 6 2> "$out/$v.perf.log"
  wait $wl
  [ -n "$p" ] && { kill -INT $p; wait $p; }
  perf report -i "/tmp/perf-$v.data" --stdio --no-children --sort sym 2>/dev/null |
    grep -v '^#' | grep -v '^$' | head -60 > "$out/profile-$v.txt"
  perf report -i "/tmp/perf-$v.data" --stdio --no-children --sort comm 2>/dev/null |
    grep -v '^#' | grep -v '^$' | head -20 > "$out/comm-$v.txt"
  sleep 1
done
