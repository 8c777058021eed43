// ActivityKit module: see README "Architecture".
