state=enabled
stress-ng: info:  [14169] setting to a 4 second run per stressor
stress-ng: info:  [14169] dispatching hogs: 4 fork
stress-ng: metrc: [14169] stressor       bogo ops real time  usr time  sys time   bogo ops/s     bogo ops/s
stress-ng: metrc: [14169]                           (secs)    (secs)    (secs)   (real time) (usr+sys time)
stress-ng: metrc: [14169] fork               1784      4.00      1.29      8.48       445.45         182.70
stress-ng: info:  [14169] successful run completed in 4.02s
