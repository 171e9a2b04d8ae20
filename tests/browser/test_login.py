"""Logging in on a phone."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_log_in_and_out_on_a_phone(phone: Any, make_user: Any) -> None:
    make_user("anna", "Kreuz-Dame-2026")
    phone.goto("/login/")
    phone.fill("#id_username", "anna")
    phone.fill("#id_password", "Kreuz-Dame-2026")
    phone.click("main button[type=submit]")
    phone.wait_for_url("**/")
    assert "Servus, Anna!" in phone.inner_text("h1")
    phone.click(".menu summary")
    phone.click("text=Log out")
    phone.wait_for_selector("a.button.primary")
