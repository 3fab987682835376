print("observe-demo: not built yet")
