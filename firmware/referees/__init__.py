"""The referees: one per kind of input (the page and buttons, the camera, the motion
sensor), each turning what it sees into engine actions."""
