"""gunicorn serving the test database from a process of its own, for tests of what only real servers show (a
server killed mid-save, two servers on one database). The test writes for real (``transaction=True``) to the test
database, which the server opens too: PostgreSQL's, or SQLite's file (tests run on a file, not in memory)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from django.conf import settings
from django.db import connection

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def database_url(db: dict) -> str:
    if connection.vendor == "sqlite":
        return f"sqlite:///{db['NAME']}"
    return f"postgres://{db['USER']}:{db['PASSWORD'] or ''}@{db['HOST']}:{db['PORT']}/{db['NAME']}"


class Server:
    """gunicorn on the test database, in a process group of its own so that one SIGKILL takes every worker."""

    def __init__(self, tmp_path: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        db = connection.settings_dict
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "tests.settings",
            "DATABASE_URL": database_url(db),
            "SECRET_KEY": settings.SECRET_KEY,  # the phones' session cookies are signed with it
            "ALLOWED_HOSTS": "127.0.0.1",
            "SCHREIBER_VAR_DIR": str(tmp_path),
        }
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "schreiber.wsgi", "--bind", f"127.0.0.1:{self.port}", "--workers", "2"],
            cwd=ROOT, env=self.env, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        deadline = time.monotonic() + 60  # a busy machine starts it slowly
        while True:
            try:
                urllib.request.urlopen(f"{self.url}/", timeout=1)
                return
            except urllib.error.HTTPError:
                return  # it answers
            except OSError:
                assert time.monotonic() < deadline, "gunicorn did not start"
                time.sleep(0.1)

    def kill(self) -> None:
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(10)
