"""Packaged YAML read by libyaml gives the same data as PyYAML's safe loader, and refuses what it refuses."""

from __future__ import annotations

from importlib import resources

import pytest
import yaml

from hive.yaml_data import LOADER, load_yaml

SHIPPED = [("hive.understanding", "cues.yaml"), ("hive.selection", "phrases.yaml"), ("hive.execution", "offline.yaml")]


@pytest.mark.parametrize(("package", "name"), SHIPPED)
def test_shipped_tables_read_the_same_as_with_the_safe_loader(package, name):
    source = resources.files(package).joinpath(name)
    assert load_yaml(source) == yaml.safe_load(source.read_text(encoding="utf-8"))


def test_libyaml_is_used_where_pyyaml_has_it():
    assert LOADER is (yaml.CSafeLoader if yaml.__with_libyaml__ else yaml.SafeLoader)


def test_python_objects_are_refused(tmp_path):
    hostile = tmp_path / "hostile.yaml"
    hostile.write_text("!!python/object/apply:os.system ['true']\n")
    with pytest.raises(yaml.YAMLError):
        load_yaml(hostile)
