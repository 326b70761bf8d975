"""Ankh – Launen einer Königin (Dave Grigger; HUCH! & friends 2016): table and full mode."""
