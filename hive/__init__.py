"""HIVE: plain-language requests -> explainable plans of AI tasks over a PDDL domain library."""

__version__ = "0.1.0"
