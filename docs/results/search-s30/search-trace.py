import json,sys
# per run: ops/s, and the SSC size in each 1-s sample with n_lock, and the search decisions
for path in sys.argv[1:]:
    for l in open(path):
        r=json.loads(l)
        ss=(r.get("sched_stats") or {}).get("samples",[])
        line="%-6s rep %d %6d" % (r["variant"], r["rep"], r["metric"])
        if ss:
            line+="  sizes " + "".join(str(s["stats"].get("ssc_size")) for s in ss)
            line+="  n_lock " + ",".join(str(s["stats"].get("nr_lock_tasks")) for s in ss)
            last=ss[-1]["stats"]
            line+="  restarts %s short %s" % (last.get("search_restarts"), last.get("search_short_windows","-"))
        print(line)
