// SQLiteStore module: see README "Architecture".
