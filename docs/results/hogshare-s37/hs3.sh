#!/bin/sh
# EEVDF, the build, the build with a 1.5 ms slice (EEVDF's at 2 CPUs), and that slice with
# EEVDF's placement of woken tasks (SCX_LOCKAWARE_BIN = the build with place-eevdf.patch).
PY=${PY:-python3}
for i in 1 2 3 4; do
  $PY docs/results/hogshare-s37/hs.py eevdf 2>&1 | grep RES
  $PY docs/results/hogshare-s37/hs.py lock 2>&1 | grep RES
  $PY docs/results/hogshare-s37/hs.py lock --slice-us 1500 2>&1 | grep RES
  $PY docs/results/hogshare-s37/hs.py lock --slice-us 1500 --wake-place-eevdf 2>&1 | grep RES
done
