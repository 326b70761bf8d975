"""First checks on a frame: is there anything to read at all?"""

from __future__ import annotations

import numpy as np

from vision.errors import VisionError


def check_frame(frame: object) -> np.ndarray:
    """The frame as 8-bit BGR, or a VisionError saying why it cannot be read."""
    if not isinstance(frame, np.ndarray) or frame.size == 0:
        raise VisionError("empty-frame", "the frame is empty")
    if frame.ndim == 2:
        frame = np.repeat(frame[:, :, None], 3, axis=2)
    if frame.ndim != 3 or frame.shape[2] not in (3, 4) or frame.dtype != np.uint8:
        raise VisionError("not-an-image", "the frame is not an 8-bit colour image")
    frame = frame[:, :, :3]
    h, w = frame.shape[:2]
    if min(h, w) < 120:
        raise VisionError("frame-too-small", f"the frame is only {w}×{h} pixels")
    small = frame[::8, ::8]
    mean = float(small.mean())
    if mean < 20:
        raise VisionError("too-dark", f"the frame is almost black (mean level {mean:.0f} of 255): more light")
    if float((small.min(axis=2) > 245).mean()) > 0.5:
        raise VisionError("overexposed", "most of the frame is blown out to white: less light or exposure")
    if float(small.std()) < 4:
        raise VisionError("blank-frame", "the frame is one flat colour: is the lens covered?")
    return np.ascontiguousarray(frame)
