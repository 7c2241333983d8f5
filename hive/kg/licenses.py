"""Licence normalisation: Hugging Face licence ids -> SPDX ids (or LicenseRef-*), with a family each."""

from __future__ import annotations

from dataclasses import dataclass

PERMISSIVE, COPYLEFT, NON_COMMERCIAL, OPENRAIL, PUBLIC_DOMAIN, OTHER = (
    "permissive", "copyleft", "non-commercial", "openrail", "public-domain", "other",
)

# HF id -> (SPDX id or LicenseRef-*, family). SPDX ids from the SPDX License List; ids that SPDX
# does not list keep the HF name as a LicenseRef.
_KNOWN: dict[str, tuple[str, str]] = {
    "apache-2.0": ("Apache-2.0", PERMISSIVE),
    "mit": ("MIT", PERMISSIVE),
    "bsd": ("BSD-3-Clause", PERMISSIVE),
    "bsd-2-clause": ("BSD-2-Clause", PERMISSIVE),
    "bsd-3-clause": ("BSD-3-Clause", PERMISSIVE),
    "bsd-3-clause-clear": ("BSD-3-Clause-Clear", PERMISSIVE),
    "isc": ("ISC", PERMISSIVE),
    "zlib": ("Zlib", PERMISSIVE),
    "unlicense": ("Unlicense", PUBLIC_DOMAIN),
    "cc0-1.0": ("CC0-1.0", PUBLIC_DOMAIN),
    "wtfpl": ("WTFPL", PERMISSIVE),
    "postgresql": ("PostgreSQL", PERMISSIVE),
    "bsl-1.0": ("BSL-1.0", PERMISSIVE),
    "afl-3.0": ("AFL-3.0", PERMISSIVE),
    "ecl-2.0": ("ECL-2.0", PERMISSIVE),
    "artistic-2.0": ("Artistic-2.0", PERMISSIVE),
    "cc-by-2.0": ("CC-BY-2.0", PERMISSIVE),
    "cc-by-2.5": ("CC-BY-2.5", PERMISSIVE),
    "cc-by-3.0": ("CC-BY-3.0", PERMISSIVE),
    "cc-by-4.0": ("CC-BY-4.0", PERMISSIVE),
    "odc-by": ("ODC-By-1.0", PERMISSIVE),
    "pddl": ("PDDL-1.0", PUBLIC_DOMAIN),
    "cc-by-sa-3.0": ("CC-BY-SA-3.0", COPYLEFT),
    "cc-by-sa-4.0": ("CC-BY-SA-4.0", COPYLEFT),
    "gpl": ("GPL-3.0-or-later", COPYLEFT),
    "gpl-2.0": ("GPL-2.0-only", COPYLEFT),
    "gpl-3.0": ("GPL-3.0-only", COPYLEFT),
    "lgpl": ("LGPL-3.0-or-later", COPYLEFT),
    "lgpl-2.1": ("LGPL-2.1-only", COPYLEFT),
    "lgpl-3.0": ("LGPL-3.0-only", COPYLEFT),
    "lgpl-lr": ("LGPLLR", COPYLEFT),
    "agpl-3.0": ("AGPL-3.0-only", COPYLEFT),
    "mpl-2.0": ("MPL-2.0", COPYLEFT),
    "epl-1.0": ("EPL-1.0", COPYLEFT),
    "epl-2.0": ("EPL-2.0", COPYLEFT),
    "eupl-1.1": ("EUPL-1.1", COPYLEFT),
    "osl-3.0": ("OSL-3.0", COPYLEFT),
    "odbl": ("ODbL-1.0", COPYLEFT),
    "cc-by-nc-2.0": ("CC-BY-NC-2.0", NON_COMMERCIAL),
    "cc-by-nc-3.0": ("CC-BY-NC-3.0", NON_COMMERCIAL),
    "cc-by-nc-4.0": ("CC-BY-NC-4.0", NON_COMMERCIAL),
    "cc-by-nd-4.0": ("CC-BY-ND-4.0", PERMISSIVE),
    "cc-by-nc-nd-3.0": ("CC-BY-NC-ND-3.0", NON_COMMERCIAL),
    "cc-by-nc-nd-4.0": ("CC-BY-NC-ND-4.0", NON_COMMERCIAL),
    "cc-by-nc-sa-2.0": ("CC-BY-NC-SA-2.0", NON_COMMERCIAL),
    "cc-by-nc-sa-3.0": ("CC-BY-NC-SA-3.0", NON_COMMERCIAL),
    "cc-by-nc-sa-4.0": ("CC-BY-NC-SA-4.0", NON_COMMERCIAL),
    "creativeml-openrail-m": ("LicenseRef-creativeml-openrail-m", OPENRAIL),
    "openrail": ("LicenseRef-openrail", OPENRAIL),
    "openrail++": ("LicenseRef-openrail++", OPENRAIL),
    "bigscience-openrail-m": ("LicenseRef-bigscience-openrail-m", OPENRAIL),
    "bigscience-bloom-rail-1.0": ("LicenseRef-bigscience-bloom-rail-1.0", OPENRAIL),
    "bigcode-openrail-m": ("LicenseRef-bigcode-openrail-m", OPENRAIL),
    "llama2": ("LicenseRef-llama2", OTHER),
    "llama3": ("LicenseRef-llama3", OTHER),
    "gemma": ("LicenseRef-gemma", OTHER),
    "deepseek": ("LicenseRef-deepseek", OTHER),
    "c-uda": ("C-UDA-1.0", NON_COMMERCIAL),
}
UNKNOWN_IDS = {"other", "unknown", "custom", "none", ""}


@dataclass(frozen=True)
class License:
    """A normalised licence: `spdx` is an SPDX id, a LicenseRef-*, or None when the card says other/unknown."""

    hf_id: str
    spdx: str | None
    family: str

    @property
    def key(self) -> str:
        return self.spdx or f"unknown-{self.hf_id or 'unstated'}"


def normalise(value: object) -> list[License]:
    """The licences a card's `license` field states (a string or a list); unknown ones are kept as unknown."""
    raw = value if isinstance(value, list) else [value]
    found = []
    for item in raw:
        if not isinstance(item, str):
            continue
        hf_id = item.strip().lower()
        if hf_id in _KNOWN:
            spdx, family = _KNOWN[hf_id]
        elif hf_id in UNKNOWN_IDS:
            spdx, family = None, OTHER
        else:
            spdx, family = f"LicenseRef-{hf_id}", OTHER
        found.append(License(hf_id, spdx, family))
    return found


# Families read off an id as well as its own: share-alike is copyleft and -NC non-commercial whatever the licence's
# own family (CC-BY-NC-SA-4.0 is both).
ID_MARKS = {"copyleft": "-SA", "non-commercial": "-NC"}


def families(licence: str) -> set[str]:
    """A licence id's families: its own, and those its id's marks say ('cc-by-nc-sa-4.0': non-commercial, copyleft)."""
    return {normalise(licence)[0].family} | {family for family, mark in ID_MARKS.items() if mark in licence.upper()}


def known_ids() -> dict[str, tuple[str, str]]:
    """HF id -> (SPDX id, family) for every licence HIVE knows (used for suggestions)."""
    return dict(_KNOWN)
