"""Debian's Chromium as the browser tests and the screenshot scripts launch it (no Django here)."""

from __future__ import annotations

import shutil

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"

PHONE = {"width": 375, "height": 812}
# No sandbox (we run as root in CI); no background traffic: the machine has no network beyond loopback.
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
