#!/bin/sh
stress-ng --flock 2 --timeout 8 --temp-path /dev/shm >/dev/null 2>&1 &
sleep 2
perf record -e lock:contention_begin -a -g -o /dev/shm/pl.data -- sleep 2 2>&1 | tail -3
perf report -i /dev/shm/pl.data --stdio --no-children 2>&1 | grep -v "^#" | grep -v "^$" | head -45
wait
