"""Scarab's benchmarks: `./dev bench` runs them and prints tables."""
