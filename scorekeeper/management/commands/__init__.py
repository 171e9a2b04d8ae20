"""``manage.py`` commands for clubs and sessions: backups, imports, re-deriving results, ``settle``."""
