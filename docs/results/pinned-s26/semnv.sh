#!/bin/sh
B=$PWD/target/release; C=$PWD/.cache
sw() { cat /proc/[0-9]*/task/[0-9]*/status 2>/dev/null | awk '/^Name:/{n=$2} /^voluntary_ctxt/{if(n=="scx-workloads")v+=$2} /^nonvoluntary_ctxt/{if(n=="scx-workloads")nv+=$2} END{print v+0, nv+0}'; }
run() {
  name=$1; shift
  if [ -n "$1" ]; then "$@" >/dev/null 2>&1 & SP=$!; sleep 3; fi
  $B/scx-workloads micro sem --pin --duration 5 > /tmp/w.json &
  WP=$!
  sleep 2; a=$(sw); sleep 2; b=$(sw)
  wait $WP
  echo "$name $a $b $(grep -o '"ops_per_s":[0-9.]*' /tmp/w.json)"
  if [ -n "$SP" ]; then kill -INT $SP; wait $SP; SP=; fi
}
for r in 1 2; do
run eevdf
run base $C/scx_lockaware.base
run nopreempt $C/scx_lockaware.base --no-wake-preempt
done
