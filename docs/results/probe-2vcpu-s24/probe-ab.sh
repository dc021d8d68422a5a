# Session 24 (docs/benchmarks.md §34.1): the futex lock-wait recognition without a probe
# ("sleep", the new default) against fentry/fexit and against none, all with --bpf-stats, on
# lock sleeps (handoff) and other futex sleeps (event), through session 18's loop. Run in a
# 2-vCPU guest:
#   tools/vm/vmrun --cpus 2 -- sh docs/results/probe-2vcpu-s24/probe-ab.sh
B=$PWD/target/release
PROBE_VARIANTS="sleep=$B/scx_lockaware --bpf-stats
fentry=$B/scx_lockaware --futex-probe fentry --bpf-stats
notrace=$B/scx_lockaware --no-futex --no-kernel-locks --bpf-stats" \
PROBE_REPS=5 PROBE_OUT=results/s24-probe exec sh docs/results/probe-2vcpu-s18/probe-ab.sh
