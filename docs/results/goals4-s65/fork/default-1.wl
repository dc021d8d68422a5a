state=enabled
stress-ng: info:  [114] setting to a 4 second run per stressor
stress-ng: info:  [114] dispatching hogs: 4 fork
stress-ng: metrc: [114] stressor       bogo ops real time  usr time  sys time   bogo ops/s     bogo ops/s
stress-ng: metrc: [114]                           (secs)    (secs)    (secs)   (real time) (usr+sys time)
stress-ng: metrc: [114] fork               2099      4.00      1.67     11.97       524.29         153.96
stress-ng: info:  [114] successful run completed in 4.02s
