"""Draw the sample pictures in this folder with PIL, so they are reproducible and free of third-party rights.

    python examples/draw.py
"""

from pathlib import Path

from PIL import Image, ImageDraw

HERE = Path(__file__).resolve().parent
SKY, HOUSING, POLE = (135, 190, 235), (30, 30, 30), (80, 80, 80)
LAMPS = ((65, (230, 30, 30)), (140, (90, 70, 0)), (215, (0, 80, 0)))  # red lit, amber and green dark


def traffic_light() -> Image.Image:
    """A traffic light showing red against a blue sky (EfficientNet-Lite0 calls it 'traffic light')."""
    image = Image.new("RGB", (320, 320), SKY)
    pen = ImageDraw.Draw(image)
    pen.rectangle((150, 250, 170, 320), fill=POLE)
    pen.rounded_rectangle((110, 20, 210, 260), 20, fill=HOUSING)
    for centre, colour in LAMPS:
        pen.ellipse((130, centre - 30, 190, centre + 30), fill=colour)
    return image


if __name__ == "__main__":
    traffic_light().save(HERE / "traffic-light.png", optimize=True)
