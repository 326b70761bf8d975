"""A photoreal benchmark set of Scarab's own: Blender Cycles renders of tiles and cards.

``assets`` writes the face, marker and manifest files Blender loads; ``render.py`` (run
inside Blender) builds and renders the tables and the enrolment photos; ``camera`` turns
the raw renders into camera frames (vignetting, distortion, noise, JPEG) with their truth;
``dataset`` reads a finished set for the benchmarks; ``make`` runs all of it.
"""
