"""Service errors shown next to the form field they name."""

from __future__ import annotations

from django import forms

from scorekeeper.services import ServiceError


def add_service_errors(form: forms.BaseForm, error: ServiceError, field_map: dict[str, str] | None = None) -> None:
    """Attach each message to its field when the form has it, else to the whole form."""
    for name, messages_ in error.errors.items():
        target = (field_map or {}).get(name or "", name)
        for message in messages_:
            form.add_error(target if target in form.fields else None, message)
