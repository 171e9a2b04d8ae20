"""The scorekeeper's manage.py commands."""
