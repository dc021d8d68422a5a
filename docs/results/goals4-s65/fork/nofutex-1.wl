state=enabled
stress-ng: info:  [4723] setting to a 4 second run per stressor
stress-ng: info:  [4723] dispatching hogs: 4 fork
stress-ng: metrc: [4723] stressor       bogo ops real time  usr time  sys time   bogo ops/s     bogo ops/s
stress-ng: metrc: [4723]                           (secs)    (secs)    (secs)   (real time) (usr+sys time)
stress-ng: metrc: [4723] fork               2183      4.00      1.70     11.53       545.22         165.05
stress-ng: info:  [4723] successful run completed in 4.02s
