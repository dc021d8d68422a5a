#!/bin/sh
PY=${PY:-python3}
for i in 1 2 3 4; do
  $PY docs/results/hogshare-s37/hs.py eevdf 2>&1 | grep RES
  $PY docs/results/hogshare-s37/hs.py simple $SIMPLE 2>&1 | grep RES
  $PY docs/results/hogshare-s37/hs.py lock 2>&1 | grep RES
  $PY docs/results/hogshare-s37/hs.py lock --wake-credit-us 1000 2>&1 | grep RES
  $PY docs/results/hogshare-s37/hs.py lock --wake-credit-us 0 2>&1 | grep RES
done
