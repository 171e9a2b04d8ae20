"""Service errors shown next to the form field they name, or as a message on the next page."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django import forms
from django.contrib import messages
from django.http import HttpRequest

from scorekeeper.services import ServiceError


def add_service_errors(form: forms.BaseForm, error: ServiceError, field_map: dict[str, str] | None = None) -> None:
    """Attach each message to its field when the form has it, else to the whole form."""
    for name, messages_ in error.errors.items():
        target = (field_map or {}).get(name or "", name)
        for message in messages_:
            form.add_error(target if target in form.fields else None, message)


@contextmanager
def errors_on_form(form: forms.BaseForm, field_map: dict[str, str] | None = None) -> Iterator[None]:
    """A service refusing in the ``with`` block puts its errors on ``form`` (``add_service_errors``) and skips the
    rest of the block: the view goes on to show the form again."""
    try:
        yield
    except ServiceError as error:
        add_service_errors(form, error, field_map)


@contextmanager
def refusal_as_message(request: HttpRequest, level: int = messages.ERROR) -> Iterator[None]:
    """A service refusing in the ``with`` block says why in a message on the next page and skips the rest of the
    block."""
    try:
        yield
    except ServiceError as error:
        messages.add_message(request, level, str(error))
