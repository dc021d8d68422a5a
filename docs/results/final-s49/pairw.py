import gzip, json, math, statistics, sys
# Paired ratio A/B per worker count (geometric mean, Student-t 95% CI), session 48.
path, a, b = sys.argv[1:4]
T = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262}
m = {}
for l in (gzip.open if path.endswith('.gz') else open)(path, 'rt'):
    d = json.loads(l)
    if d.get("valid", True):
        m[(d["variant"], d["rep"], d.get("workers"))] = d["metric"]
for w in sorted({k[2] for k in m}, key=lambda x: x or 0):
    logs = [math.log(m[(a, r, w)] / m[(b, r, w)]) for (v, r, ww) in m if v == a and ww == w and (b, r, w) in m]
    n = len(logs); mu = statistics.mean(logs); se = statistics.stdev(logs) / math.sqrt(n)
    t = T.get(n - 1, 2.0)
    print(f"w{w} {a}/{b}: {math.exp(mu):.2f} ({math.exp(mu - t * se):.2f}-{math.exp(mu + t * se):.2f}) n={n}")
