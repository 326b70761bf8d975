"""Camera readings: frames in, tile paths and card rows with confidences out (OpenCV)."""
