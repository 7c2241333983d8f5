"""User-facing errors: each carries a one-line message that says what was wrong and what to do."""


class HiveError(Exception):
    """A problem with the user's input or setup, reported as one line without a traceback."""


class NothingToPlan(HiveError):
    """The request names no task HIVE can do."""


class InputNotGiven(NothingToPlan):
    """The request surely asks for a task that reads a picture, sound or video it does not give ("caption a
    photo with an MIT model"): a plan can still be made, reading an input the user names when running it."""

    def __init__(self, message: str, modalities: list[str]) -> None:
        super().__init__(message)
        self.modalities = modalities


class NoPlanError(HiveError):
    """The planner proved that the requested goals cannot be reached with the selected domains."""
