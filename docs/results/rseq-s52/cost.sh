#!/bin/sh
# The price of asking for the rseq slice extension on the lock fast path (docs/benchmarks.md
# §71): bench_inform's uncontended lock/unlock pairs (best of its rounds, ns per pair), plain
# and with the request in force, alternated ROUNDS times. Run it inside the guest of the
# extension's kernel (tools/vm/vmrun --cpus 2 -- sh docs/results/rseq-s52/cost.sh), and on the
# host, where no kernel serves the request (the fast path then tests a NULL pointer).
set -eu
cd "$(dirname "$0")/../../.."
d=${INFORM_DIR:-target/inform}
uname -r
for i in $(seq "${ROUNDS:-5}"); do
  echo "== round $i: plain"
  "$d/bench_inform"
  LD_PRELOAD="$d/libinform-preload.so" "$d/bench_inform" | grep pthread | sed 's/^/shim: /'
  echo "== round $i: INFORM_RSEQ_SLICE=1"
  INFORM_RSEQ_SLICE=1 GLIBC_TUNABLES=glibc.pthread.rseq=0 "$d/bench_inform"
  INFORM_RSEQ_SLICE=1 GLIBC_TUNABLES=glibc.pthread.rseq=0 LD_PRELOAD="$d/libinform-preload.so" \
    "$d/bench_inform" | grep pthread | sed 's/^/shim: /'
done
