"""The devices' twins for a table without the hardware: a camera that films Scarab's own
rendered tables (``camera``) and the accelerometer traces of simulated rooms (``traces``).
They stand in for the real drivers beside them in hardware/; nothing here is Pi-only."""
