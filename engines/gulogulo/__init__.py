"""Pharaoh's Gulo Gulo (HABA 2015): the dexterity race to the burial chamber, refereed."""
