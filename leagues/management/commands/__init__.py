"""``manage.py`` commands for leagues and tournaments: demo worlds and ``rank``."""
