"""`hive serve`: an HTTP API for plans and runs, with a durable job store and a web page."""
