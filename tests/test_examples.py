"""The shipped examples are what their scripts make."""

from __future__ import annotations

import sys

from support.paths import EXAMPLES


def test_the_sample_picture_is_what_the_drawing_script_draws():
    from PIL import Image, ImageChops

    sys.path.insert(0, str(EXAMPLES))
    try:
        from draw import traffic_light
    finally:
        sys.path.remove(str(EXAMPLES))
    shipped = Image.open(EXAMPLES / "traffic-light.png").convert("RGB")
    assert ImageChops.difference(shipped, traffic_light()).getbbox() is None
