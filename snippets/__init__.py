"""Generated inference snippets, installed as the data package `hive.snippets`."""
