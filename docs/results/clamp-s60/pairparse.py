# Session 60: each run of test_two_threads_on_one_mutex_stay_lock_intensive in a log (its printed
# line): samples with both workers in the class, spells out per worker, the counts.
#   pairparse.py LOG
import ast, gzip, sys
for line in (gzip.open if sys.argv[1].endswith(".gz") else open)(sys.argv[1], "rt"):
    line=line.strip()
    if not line.startswith('{'): continue
    i=line.index('} [')
    ws=ast.literal_eval(line[:i+1]); rest=line[i+2:]
    j=rest.rindex('] {')
    samples=ast.literal_eval(rest[:j+1]); tot=ast.literal_eval(rest[j+2:])
    both=sum(n==2 for _c,n,_t in samples)
    outs={w:0 for w in ws}; longest={w:0 for w in ws}
    for w in ws:
        run=0; prev=True
        for _c,_n,t in samples:
            inn=t.get(w,(0,False))[1]
            if not inn:
                run+=1; longest[w]=max(longest[w],run)
                if prev: outs[w]+=1
            else: run=0
            prev=inn
    print(f"{both}/{len(samples)}={both/len(samples):.2f} outs={list(outs.values())} longest_out={list(longest.values())} lock_in={tot['lock_in']} lock_out={tot['lock_out']} reenter={tot['lock_reenter']}")
