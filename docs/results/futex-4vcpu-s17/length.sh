#!/bin/sh
# Run in a 4-vCPU guest (oversubscribed: 4 vCPUs on 2 host cores):
#   tools/vm/vmrun --cpus 4 --memory 3G --timeout 2400 -- env REPS=6 sh docs/results/futex-4vcpu-s17/length.sh
# Does stress-ng futex's ratio depend on the run's length (the suite's 4-s runs: 0.58 and 0.83;
# futex.sh's 6-s runs read 3 s in: 1.35)? `stress-ng --futex 8` for 2, 4 and 8 s, nothing read
# during the run, EEVDF and the build interleaved per repetition. Lines:
#   fut-SECS VARIANT rep=N ops=BOGO_OPS_PER_S ctxt=CONTEXT_SWITCHES
cd /work/main; mkdir -p .cache/fut17b
waiten() { for i in $(seq 100); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done; sleep 1; }
fut() {
  c0=$(awk '/^ctxt/{print $2}' /proc/stat)
  stress-ng --futex 8 --timeout $T --metrics-brief > .cache/fut17b/out 2>&1
  c1=$(awk '/^ctxt/{print $2}' /proc/stat)
  ops=$(awk '$4 == "futex" && $5 ~ /^[0-9]+$/ {print $9}' .cache/fut17b/out)
  echo "fut-$T $1 rep=$rep $(cat /sys/kernel/sched_ext/state) ops=$ops ctxt=$((c1-c0))"
}
one() { name=$1; shift; if [ "$name" = eevdf ]; then fut eevdf; else "$@" > .cache/fut17b/$name.log 2>&1 & p=$!; waiten; fut $name; kill -INT $p; wait $p; fi; }
for rep in $(seq ${REPS:-6}); do
for T in 2 4 8; do
  one eevdf
  one la target/release/scx_lockaware
done; done
