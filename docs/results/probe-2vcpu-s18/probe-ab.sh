set -eu
# Session 18 (§28.2): 6547e64's binary ("before") against the build ("after"), both with
# --bpf-stats. Session 24 (§34.1) reuses the loop with other variants: PROBE_VARIANTS (scx-ab
# --variant arguments, one per line), PROBE_REPS and PROBE_OUT.
B=$PWD/target/release
variants=${PROBE_VARIANTS:-"before=$PWD/.cache/scx_lockaware.6547e64 --bpf-stats
after=$B/scx_lockaware --bpf-stats"}
for m in handoff event; do
  extra=; [ $m = handoff ] && extra="--sleep-us 50 --work-us 0"
  set -- --variant eevdf
  while IFS= read -r v; do set -- "$@" --variant "$v"; done <<END
$variants
END
  $B/scx-ab --cooldown-s 1 --reps "${PROBE_REPS:-4}" --metric ns_per_op --sample-stats "$@" \
    --out "${PROBE_OUT:-results/s18-probe}/$m" -- \
    $B/scx-workloads futex --mode $m --workers 2 $extra --duration 4
done
