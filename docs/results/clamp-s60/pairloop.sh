#!/bin/sh
# usage: pairloop.sh N PY
n=$1; py=$2
for i in $(seq $n); do
  $py -m pytest -q -s tests/vm/test_ssc.py::test_two_threads_on_one_mutex_stay_lock_intensive 2>&1 | grep -E "passed|failed|^\{|^\.\{|^F\{" 
done
