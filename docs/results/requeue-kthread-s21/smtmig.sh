# SMT guest (2 cores x 2 threads): two hogs free to run anywhere, a sleeper and this script
# pinned to CPU 2; record the hogs' migrations and switches for 4 s. SCHED=eevdf: without
# scx_lockaware. Run (docs/benchmarks.md §31):
#   tools/vm/vmrun --cpus 4 --memory 2G --qemu-opts="-smp 4,sockets=1,cores=2,threads=2" -- \
#     [env SCHED=eevdf | env BIN=other/scx_lockaware] sh docs/results/requeue-kthread-s21/smtmig.sh
cd /work/main
p=
if [ "${SCHED:-lockaware}" != eevdf ]; then
  ${BIN:-target/release/scx_lockaware} --stats 2 > /tmp/s.log 2>&1 & p=$!
  for i in $(seq 100); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done; sleep 1
fi
taskset -pc 2 $$ >/dev/null
taskset -c 0 sh -c 'while :; do :; done' & h1=$!
taskset -c 1 sh -c 'while :; do :; done' & h2=$!
taskset -c 2 sh -c 'while :; do sleep 0.02; done' & sl=$!
sleep 1; taskset -pc 0-3 $h1 >/dev/null; taskset -pc 0-3 $h2 >/dev/null; sleep 2
echo "hogs $h1 $h2"
perf record -q -e sched:sched_migrate_task -e sched:sched_switch -a -o /tmp/m.data -- sleep 4
kill $h1 $h2 $sl
perf script -i /tmp/m.data -F cpu,time,event,trace 2>/dev/null | grep -E "migrate_task" | grep -E "pid=($h1|$h2) " | head -60
echo "--- switches involving hogs (prev -> next, cpu):"
perf script -i /tmp/m.data -F cpu,event,trace 2>/dev/null | grep sched_switch | grep -E "pid=($h1|$h2) " | sed -E 's/.*\[([0-9]+)\].*prev_comm=([^ ]+) prev_pid=([0-9]+).*prev_state=([^ ]+).*next_comm=([^ ]+) next_pid=([0-9]+).*/cpu\1 \2:\3 \4 -> \5:\6/' | sed -E "s/:$h1/:H1/g; s/:$h2/:H2/g; s/:[0-9]+//g" | sort | uniq -c | sort -rn | head -20
[ -z "$p" ] || { kill -INT $p; wait $p; }
[ -z "$p" ] || echo "behind-kthr per 2 s: $(grep -o "behind-kthr [0-9]*" /tmp/s.log | cut -d" " -f2 | tr "\n" " ")"
echo "migrations of the hogs: $(perf script -i /tmp/m.data -F event,trace 2>/dev/null | grep migrate_task | grep -cE "pid=($h1|$h2) ")"
