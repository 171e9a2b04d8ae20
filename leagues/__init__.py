"""Competitions of clubs on the scorekeeper's stored results: the ranking core, seasons of leagues, and tournaments."""
