"""The PDDL domain library, installed as the data package `hive.domains`."""
