"""Seasons, standings and tournaments, built on scorekeeper sessions (later issues)."""
