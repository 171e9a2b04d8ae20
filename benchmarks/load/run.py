"""The load test of a tournament round, all on 127.0.0.1 (``benchmarks/load/README.md``).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres .venv/bin/python benchmarks/load/run.py \\
        [--minutes 5] [--workers 4] [--locust /tmp/locust-venv/bin/locust]

Makes the database ``schreiber_load`` next to the one ``DATABASE_URL`` names (dropped first if it is left over),
migrates it and builds the round (``build.py``), collects the static files, starts gunicorn on 127.0.0.1 with the
production settings (plain http: no SSL redirect, no Secure cookies), runs locust headless for the given minutes,
stops gunicorn and drops the database. Prints, per request type, the count, the errors, the median and the 95th
percentile in ms, and as its last line the same as one JSON object.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
DATABASE = "schreiber_load"
PORT = 8765


def recreate(server_url: str, name: str, *, drop_only: bool = False) -> str:
    """The URL of database ``name`` on the server ``server_url`` names, made afresh (or only dropped)."""
    with psycopg.connect(server_url, autocommit=True) as connection:  # libpq reads the URL as it is
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if not drop_only:
            connection.execute(f'CREATE DATABASE "{name}"')
    return server_url.rsplit("/", 1)[0] + f"/{name}"


def wait_until_up(url: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.3)


def report(stats_csv: Path) -> dict[str, dict[str, float]]:
    rows = {}
    with stats_csv.open(encoding="utf-8") as file:
        for row in csv.DictReader(file):
            rows[row["Name"]] = {
                "count": int(row["Request Count"]),
                "errors": int(row["Failure Count"]),
                "median_ms": float(row["50%"]),
                "p95_ms": float(row["95%"]),
                "rps": round(float(row["Requests/s"]), 2),
            }
    return rows


def prepare(server_url: str, work: Path, database: str = DATABASE) -> dict[str, str]:
    """The environment of a server on the round built afresh in ``database`` (migrated, static files collected,
    ``build.py`` run; its plan in ``work/plan.json``): production settings on plain http."""
    env = {
        **os.environ,
        "DATABASE_URL": recreate(server_url, database),
        "SCHREIBER_VAR_DIR": str(work),
        "SECRET_KEY": "load-test-" + os.urandom(16).hex(),
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "false",
        "SECURE_COOKIES": "false",
        "SECURE_HSTS_SECONDS": "0",
        "SCHREIBER_LOAD_PLAN": str(work / "plan.json"),
    }
    python = sys.executable
    for command in (
        [python, "manage.py", "migrate", "--noinput", "-v", "0"],
        [python, "manage.py", "collectstatic", "--noinput", "-v", "0"],
        [python, str(HERE / "build.py"), env["SCHREIBER_LOAD_PLAN"]],
    ):
        subprocess.run(command, cwd=ROOT, env=env, check=True)
    return env


def serve(
    env: dict[str, str], workers: int, *, app: str = "schreiber.wsgi", port: int = PORT
) -> subprocess.Popen[bytes]:
    """gunicorn on 127.0.0.1:``port`` with ``workers`` workers, answering."""
    gunicorn = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", app, "--bind", f"127.0.0.1:{port}", "--workers", str(workers),
         "--timeout", "30", "--log-level", "warning", "--pythonpath", str(ROOT / "benchmarks")],
        cwd=ROOT, env=env,
    )  # fmt: skip
    wait_until_up(f"http://127.0.0.1:{port}/")
    return gunicorn


def stop(gunicorn: subprocess.Popen[bytes]) -> None:
    gunicorn.send_signal(signal.SIGTERM)
    gunicorn.wait(30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=5)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--locust", default=str(Path(sys.executable).parent / "locust"))
    args = parser.parse_args()
    server_url = os.environ["DATABASE_URL"]
    work = Path(tempfile.mkdtemp(prefix="schreiber-load-"))
    gunicorn = None
    try:
        env = prepare(server_url, work)
        gunicorn = serve(env, args.workers)
        users = len(json.loads(Path(env["SCHREIBER_LOAD_PLAN"]).read_text())["phones"]) + 50 + 1
        subprocess.run(
            [args.locust, "-f", str(HERE / "locustfile.py"), "--headless", "--host", f"http://127.0.0.1:{PORT}",
             "--users", str(users), "--spawn-rate", "25", "--run-time", f"{int(args.minutes * 60)}s",
             "--csv", str(work / "load"), "--only-summary"],
            cwd=ROOT, env=env, check=False,
        )  # fmt: skip
    finally:
        if gunicorn is not None:
            stop(gunicorn)
        recreate(server_url, DATABASE, drop_only=True)
    rows = report(work / "load_stats.csv")
    print(f"{'request':<22}{'count':>8}{'errors':>8}{'median ms':>11}{'p95 ms':>9}")
    for name, row in rows.items():
        print(f"{name:<22}{row['count']:>8}{row['errors']:>8}{row['median_ms']:>11.0f}{row['p95_ms']:>9.0f}")
    print(json.dumps({"minutes": args.minutes, "workers": args.workers, "requests": rows}))


if __name__ == "__main__":
    main()
