#!/bin/sh
cd /dev/shm
echo "== EEVDF, 2 vCPUs, stress-ng --fork 2"
perf lock record -a -o /dev/shm/pl1.data -- stress-ng --fork 2 --timeout 3 > /dev/null 2>&1
perf lock contention -i /dev/shm/pl1.data -E 6 2>&1 | tail -8
