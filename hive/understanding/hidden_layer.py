"""The small network the learned readers ship beside their regression: one hidden layer of rectified units.

Its weights are stored in the reader's `.npz` file under `NETWORK`'s names, in half precision; a file without
them is read by the regression alone. Training (`training.fit_hidden_layer`) needs scikit-learn; reading needs
numpy only.
"""

from __future__ import annotations

import numpy as np

# the hidden layer's and the output layer's weights and biases, in the order `output_logits` reads them
NETWORK = ("hidden_weights", "hidden_bias", "output_weights", "output_bias")

Network = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]


def load_network(data) -> Network | None:
    """The network's weights from an open `.npz` file, in single precision, or None when it has none."""
    return tuple(data[name].astype(np.float32) for name in NETWORK) if NETWORK[0] in data else None


def output_logits(standard: np.ndarray, network: Network) -> np.ndarray:
    """The network's output before its last squashing (softmax or sigmoid), one row per standardised row."""
    hidden_weights, hidden_bias, output_weights, output_bias = network
    hidden = np.maximum(standard @ hidden_weights.T + hidden_bias, 0.0)
    return hidden @ output_weights.T + output_bias
