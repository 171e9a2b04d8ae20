"""What the form templates need of a form beyond Django's own: the fields with errors, for the summary at the top."""

from __future__ import annotations

from django import forms, template

register = template.Library()


@register.filter
def wrong_fields(form: forms.BaseForm) -> list[forms.BoundField]:
    """The form's fields that have errors, in the form's order (the summary links each to its field)."""
    return [field for field in form if field.errors]
