#!/bin/sh
# stress-ng futex with the build and with --wake-place-lag, the wake-up counters beside it.
PY=${PY:-python3}
for i in 1 2 3; do
  $PY docs/results/lag-s38/futex.py 2>&1 | grep RES
  $PY docs/results/lag-s38/futex.py --wake-place-lag 2>&1 | grep RES
done
