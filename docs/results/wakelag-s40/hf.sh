#!/bin/sh
# Session 40: the hog's share beside a pinned pair (../hogshare-s37/hs.py) and stress-ng
# futex's wake-ups (../lag-s38/futex.py), build against --wake-lag (every sleeper keeps its
# lag for its place in the queue; the sleep credit only decides whether it preempts),
# interleaved. SCX_LOCKAWARE_BIN = a build that has the flag.
PY=${PY:-python3}
for i in 1 2 3 4; do
  $PY docs/results/hogshare-s37/hs.py eevdf 2>&1 | grep RES
  $PY docs/results/hogshare-s37/hs.py lock 2>&1 | grep RES
  $PY docs/results/hogshare-s37/hs.py lock --wake-lag 2>&1 | grep RES
  $PY docs/results/lag-s38/futex.py 2>&1 | grep RES
  $PY docs/results/lag-s38/futex.py --wake-lag 2>&1 | grep RES
done
