"""``manage.py load_demo``: the demo login (and, as the app grows, a demo club). Safe to run again."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

DEMO_USERNAME = "demo"
DEMO_PASSWORD = "schafkopf"


class Command(BaseCommand):
    help = "Create the demo login and demo club if they do not exist yet."

    def handle(self, *args: Any, **options: Any) -> None:
        user_model = get_user_model()
        user, created = user_model.objects.get_or_create(username=DEMO_USERNAME, defaults={"first_name": "Demo"})
        if created:
            user.set_password(DEMO_PASSWORD)
            user.save()
        self.stdout.write(f"Demo login: user {DEMO_USERNAME!r}, password {DEMO_PASSWORD!r}")
