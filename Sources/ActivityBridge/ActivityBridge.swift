// ActivityBridge module: see README "Architecture".
