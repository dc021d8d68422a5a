#!/bin/sh
# the four micro controls, pinned, base against plocal
B=$PWD/target/release
O=$1; R=${2:-5}
for m in sem sock dup fork; do
  sh $PWD/docs/results/pinned-s26/semab2.sh $O/$m $R $B/scx-workloads micro $m --pin --duration 4 | grep paired
done
