"""Leagues, seasons and tournaments of clubs, built on the scorekeeper's sessions and stored results."""
