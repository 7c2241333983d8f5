"""Licence names normalised to SPDX ids with a family (hive/kg/licenses.py)."""

from __future__ import annotations

import pytest

from hive.kg.licenses import normalise


@pytest.mark.parametrize("raw, expected", [
    ("apache-2.0", [("Apache-2.0", "permissive")]),
    (["cc-by-nc-sa-4.0", "apache-2.0"], [("CC-BY-NC-SA-4.0", "non-commercial"), ("Apache-2.0", "permissive")]),
    ("openrail++", [("LicenseRef-openrail++", "openrail")]),
    ("other", [(None, "other")]),
    ("my-own-licence", [("LicenseRef-my-own-licence", "other")]),
    (None, []),
])
def test_licences_are_normalised_to_spdx_with_a_family(raw, expected):
    assert [(lic.spdx, lic.family) for lic in normalise(raw)] == expected
