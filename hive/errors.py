"""User-facing errors: each carries a one-line message that says what was wrong and what to do."""


class HiveError(Exception):
    """A problem with the user's input or setup, reported as one line without a traceback."""


class NothingToPlan(HiveError):
    """The request names no task HIVE can do."""


class NoPlanError(HiveError):
    """The planner proved that the requested goals cannot be reached with the selected domains."""
