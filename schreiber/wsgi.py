"""WSGI entry point for production servers."""

import gc
import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "schreiber.settings")
application = get_wsgi_application()
get_resolver().url_patterns  # noqa: B018  the views and what they import, loaded now rather than at the first request
# Everything loaded so far lives as long as the process: the collector need not scan it again and again (and a
# server that forks workers after this keeps those pages shared).
gc.collect()
gc.freeze()
