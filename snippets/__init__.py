"""Hand-written inference snippets for packaged weights, installed as the data package `hive.snippets`."""
