#!/bin/sh
B=$PWD/target/release; C=$PWD/.cache
O=$1; R=${2:-5}; shift 2
$B/scx-ab --cooldown-s 1 --reps $R --sample-stats --variant eevdf --variant "base=$C/scx_lockaware.base" \
  --variant "plocal=$C/scx_lockaware.plocal" \
  --out $O -- "$@" 2>&1 | tail -5
