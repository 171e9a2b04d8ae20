"""The leagues' manage.py commands."""
