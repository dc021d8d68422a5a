#!/bin/sh
PY=/root/.pyenv/versions/3.11.7/bin/python3
for i in 1 2 3 4; do
  "$PY" -m pytest -q -s tests/vm/test_risks.py -k test_event_futex_traffic_is_not_lock_wait 2>&1 | grep -E "largest|passed|failed" | head -3
done
"$PY" -m pytest -q -s tests/vm/test_ssc.py -k "test_votes_count_futex_time or test_only_time_inside_futex or test_two_threads_on_one_mutex" 2>&1 | grep -E "p_sys of|passed|failed" | head -6
