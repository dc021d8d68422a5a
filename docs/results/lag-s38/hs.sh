#!/bin/sh
# The hog's share beside a pinned pair (docs/results/hogshare-s37/hs.py): EEVDF, the build,
# and the build with --wake-place-lag (a woken task keeps the lag it had on its LLC's
# clock when it slept), interleaved. SCX_LOCKAWARE_BIN = a build that has the flag.
PY=${PY:-python3}
for i in 1 2 3 4; do
  $PY docs/results/hogshare-s37/hs.py eevdf 2>&1 | grep RES
  $PY docs/results/hogshare-s37/hs.py lock 2>&1 | grep RES
  $PY docs/results/hogshare-s37/hs.py lock --wake-place-lag 2>&1 | grep RES
done
