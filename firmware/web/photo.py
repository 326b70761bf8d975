"""A phone's photo of the table read as the Pi camera's frames are: the same path reader
and enrolled catalogue as ``scarab vision read-path``, so a table without the Pi camera
can still lay its path from a picture.

Everything a photo can do wrong is a PhotoError with a 4xx status: too large, not an
image, an image of absurd size (refused from its header, before it is decoded), no
catalogue enrolled, nothing readable in it.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

MAX_PHOTO = 12 * 1024 * 1024  # bytes: a phone's full-size JPEG fits, a video does not
MAX_PIXELS = 50_000_000  # a 48 MP phone camera's photo, and no decompression bomb
READ_SIDE = 2048  # px: larger photos are scaled down first; the reader measures the tiles' size anyway
TYPES = ("image/jpeg", "image/png", "image/webp", "image/bmp")


class PhotoError(Exception):
    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def decode(data: bytes) -> Any:
    """The photo as an OpenCV BGR image, no larger than READ_SIDE on its long side."""
    import cv2
    import numpy as np
    from PIL import Image, UnidentifiedImageError

    if not data:
        raise PhotoError(422, "unreadable-image", "the photo is empty")
    try:
        with Image.open(io.BytesIO(data)) as probe:  # reads the header only
            width, height = probe.size
    except (UnidentifiedImageError, OSError, ValueError):
        raise PhotoError(
            422, "unreadable-image", "that is not a photo Scarab can read (JPEG or PNG)"
        ) from None
    except Image.DecompressionBombError:
        raise PhotoError(413, "too-large", "the photo has too many pixels") from None
    if width * height > MAX_PIXELS:
        raise PhotoError(
            413, "too-large", f"the photo has {width}×{height} pixels; at most 50 million are read"
        )
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if image is None or image.size == 0:
        raise PhotoError(422, "unreadable-image", "that is not a photo Scarab can read (JPEG or PNG)")
    long_side = max(image.shape[:2])
    if long_side > READ_SIDE:
        scale = READ_SIDE / long_side
        size = (round(image.shape[1] * scale), round(image.shape[0] * scale))
        image = cv2.resize(image, size, interpolation=cv2.INTER_AREA)
    return image


def read_path(data: bytes, catalogue: Path, edition: str | None) -> dict[str, Any]:
    """The ``read-path`` document of DESIGN.md for a photo, read with ``catalogue``."""
    from vision.catalogue import Catalogue
    from vision.errors import VisionError
    from vision.path_reader import PathReader, ReaderSettings

    image = decode(data)
    try:
        cat = Catalogue.load(catalogue, "tutankhamen")
    except VisionError as exc:
        status = 409 if exc.code == "no-catalogue" else 422
        hint = "" if exc.code != "no-catalogue" else " (on the Pi: scarab vision enroll --game tutankhamen)"
        raise PhotoError(status, exc.code, exc.message + hint) from None
    try:
        return PathReader(cat, ReaderSettings(edition=edition)).read(image).to_json()
    except VisionError as exc:
        raise PhotoError(422, exc.code, exc.message) from None
