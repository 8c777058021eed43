// IntentKit module: see README "Architecture".
