"""Scarab's own renderers: tables with known truth for the benchmarks and the tests, and
the demo's simulated camera. They make pictures; nothing here reads one.

- ``tiles``: a Tutankhamen table (path, pawns, hands, light, camera) and enrolment photos;
- ``cards``: an Ankh table (seats, rows, the papyrus pile) and its enrolment photos;
- ``art``: the art families the faces are drawn in (one of them held out).
"""
