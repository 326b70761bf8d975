"""Tutankhamen, both editions (OTB 2004 with tribute coins, Amigo with a score track)."""
