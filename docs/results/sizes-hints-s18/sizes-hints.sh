#!/bin/sh
# The ssc-sizes item of the lock suite (one pthread mutex, 2N threads, no CPU threads) with
# every variant's workload under libinform's LD_PRELOAD shim, which counts each thread's
# acquisitions in its hint: the search judged by thro (no --inform-lib: the hints are not
# read), the search judged by the reported acquisitions (--inform-lib), and the fixed sizes
# with --inform-lib. Run in the guest from the repository root:
#   tools/vm/vmrun --cpus 2 -- sh docs/results/sizes-hints-s18/sizes-hints.sh OUT [REPS] [SECS]
set -eu
out=$1 reps=${2:-5} secs=${3:-10}
N=$(nproc)
B=$PWD/target/release
D=$PWD/target/inform
I="--inform-lib $D/libinform.so"
set -- --variant eevdf --variant "lockaware=$B/scx_lockaware" --variant "hints=$B/scx_lockaware $I"
for k in $(printf '%s\n' 1 $((N/2)) "$N" | sort -nu); do
  set -- "$@" --variant "hints_ssc$k=$B/scx_lockaware $I --ssc-cpus 0-$((k-1))"
done
$B/scx-ab --cooldown-s 1 --reps "$reps" --sample-stats "$@" --out "$out" -- \
  env LD_PRELOAD="$D/libinform-preload.so" $B/scx-workloads mutex --lock-threads $((2*N)) \
  --cpu-threads 0 --duration "$secs"
