print("activity-bridge-bench: see BENCHMARKS.md")
