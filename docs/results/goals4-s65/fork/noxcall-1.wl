state=enabled
stress-ng: info:  [6939] setting to a 4 second run per stressor
stress-ng: info:  [6939] dispatching hogs: 4 fork
stress-ng: metrc: [6939] stressor       bogo ops real time  usr time  sys time   bogo ops/s     bogo ops/s
stress-ng: metrc: [6939]                           (secs)    (secs)    (secs)   (real time) (usr+sys time)
stress-ng: metrc: [6939] fork               2347      4.00      2.00     12.58       586.23         161.04
stress-ng: info:  [6939] successful run completed in 4.02s
