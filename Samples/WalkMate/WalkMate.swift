// WalkMate sample app: see README.
