"""Project configuration: settings, root URLs, WSGI/ASGI entry points."""
