# Wake-up-to-run delays of stress-ng flock's processes under EEVDF, scx_lockaware and
# scx_simple (perf sched latency over 4 s of a 7-s run), one after the other. In a guest:
#   tools/vm/vmrun --cpus 4 -- sh docs/results/flock-s23/latency.sh OUT
cd /work/main
out=${1:-/tmp/flocklat}; mkdir -p "$out"
for v in eevdf lockaware simple eevdf lockaware simple; do
  p=
  case $v in
    lockaware) target/release/scx_lockaware > /dev/null 2>&1 & p=$! ;;
    simple) .cache/scx-simple-6.12/scx_simple > /dev/null 2>&1 & p=$! ;;
  esac
  [ -n "$p" ] && for i in $(seq 150); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done
  stress-ng --flock "$(nproc)" --timeout 7 --metrics-brief > "$out/$v.stress" 2>&1 &
  s=$!
  sleep 1.5
  perf sched record -a -o "/tmp/flocklat-$v.data" -- sleep 4 > /dev/null 2>&1
  wait $s
  [ -n "$p" ] && { kill -INT $p; wait $p; }
  perf sched latency -i "/tmp/flocklat-$v.data" 2>/dev/null > "$out/$v.latency"
  awk -F'|' -v v=$v '$1 ~ /stress-ng-flock/ {
      sw = $3 + 0; avg = $4; gsub(/[^0-9.]/, "", avg); mx = $5; gsub(/[^0-9.]/, "", mx)
      n += sw; tot += avg * sw; if (mx + 0 > m) m = mx + 0 }
    END { if (n) printf "variant=%s switches=%d mean_delay_ms=%.3f max_delay_ms=%.3f\n", v, n, tot / n, m }' \
    "$out/$v.latency" | tee -a "$out/summary.txt"
  grep -E "flock .*[0-9]" "$out/$v.stress" | tail -1 >> "$out/summary.txt"
  rm -f "/tmp/flocklat-$v.data"
  sleep 1
done
