"""File paths in a request: made absolute against the inputs folder, and refused outside the allowed folders."""

from __future__ import annotations

from pathlib import Path

from hive.errors import HiveError
from hive.understanding.parsing import locate_values


class PathRefused(HiveError):
    """A request names a file outside the folders the server may read."""


def confine_paths(query: str, roots: list[Path]) -> str:
    """The query with every file path absolute (relative ones resolved in the first root); raises
    `PathRefused` for a path that resolves (symlinks followed) outside every root."""
    if not roots:
        raise PathRefused("this server accepts no input files")
    for start, end, written in sorted(locate_values(query).files, reverse=True):
        path = Path(written).expanduser()
        resolved = (path if path.is_absolute() else roots[0] / path).resolve()
        if not any(resolved.is_relative_to(root) for root in roots):
            raise PathRefused(f"'{written}' is outside the folders this server reads ({', '.join(map(str, roots))}); "
                              "upload the file with POST /uploads or put it in the inputs folder")
        query = query[:start] + str(resolved) + query[end:]
    return query
