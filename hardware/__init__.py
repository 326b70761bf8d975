"""One small interface per device (camera, motion sensor, buttons, OLED, buzzer), each
with its real driver and a simulated twin."""
