"""Test settings: production settings with what tests must not depend on turned off."""

from schreiber.settings import *  # noqa: F403
from schreiber.settings import STORAGES

SECURE_SSL_REDIRECT = False
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = False
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # fast logins in tests
STORAGES = {**STORAGES, "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
WHITENOISE_AUTOREFRESH = True  # serve from the app folders; tests never run collectstatic
TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}  # a task runs when enqueued
