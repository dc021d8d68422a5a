# How many context switches an idle Python and a scx_stats client cause in the guest (docs/benchmarks.md §30.2).
cd /work/main
PY=${PY:-/root/.pyenv/versions/3.11.7/bin/python3}  # the host's pyenv Python (tools/setup.sh), seen through 9p
target/release/scx_lockaware > /tmp/s.log 2>&1 & p=$!
for i in $(seq 100); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done; sleep 1
c0=$(awk '/^ctxt/{print $2}' /proc/stat); sleep 3; c1=$(awk '/^ctxt/{print $2}' /proc/stat)
echo "no client, 3 s: ctxt=$((c1-c0))"
c0=$(awk '/^ctxt/{print $2}' /proc/stat); $PY docs/results/sysm4-s20/statsnap.py /tmp/st.jsonl sleep 3; c1=$(awk '/^ctxt/{print $2}' /proc/stat)
echo "client connected, 3 s: ctxt=$((c1-c0))"
c0=$(awk '/^ctxt/{print $2}' /proc/stat); $PY -c 'import time; time.sleep(3)'; c1=$(awk '/^ctxt/{print $2}' /proc/stat)
echo "python idle, 3 s: ctxt=$((c1-c0))"
perf record -q -e sched:sched_switch -a -o /tmp/p.data -- $PY docs/results/sysm4-s20/statsnap.py /tmp/st.jsonl sleep 2
perf script -i /tmp/p.data -F trace 2>/dev/null | sed -E 's/prev_comm=([^ ]+) prev_pid=([0-9]+).*prev_state=([^ ]+).*next_comm=([^ ]+).*/\1 \2 \3 -> \4/' | sort | uniq -c | sort -rn | head -8
kill -INT $p; wait $p
