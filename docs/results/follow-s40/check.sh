#!/bin/sh
# Session 40, in a guest from the repository root: the search's moves with the build before
# (base) and after (follow) the fix, interleaved (settle.py), then the new VM test against each
# build (it must fail on base). PY = the python with pytest; BASE, FOLLOW = the two builds.
$PY docs/results/follow-s40/settle.py ${REPS:-5} ${SECS:-6} base=$BASE follow=$FOLLOW
[ -n "$NO_TEST" ] && exit 0
for b in $BASE $FOLLOW; do
  echo "== test with $b"
  SCX_LOCKAWARE_BIN=$b $PY -m pytest -q -s -p no:cacheprovider tests/vm/test_ssc.py \
    -k test_the_search_drops_the_window_after_a_resize 2>&1 | grep -E "^\[|passed|failed|assert" | head -8
done
