"""The selector the selection tests share."""

import pytest

from hive.selection.select import Selector


@pytest.fixture(scope="module")
def selector(graph):
    return Selector(graph, top=50)
