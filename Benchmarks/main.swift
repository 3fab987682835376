print("observe-bench: not built yet")
