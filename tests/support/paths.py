"""Where the repository, its shipped examples and the tests' own data are."""

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"
DATA = REPO / "tests" / "data"
