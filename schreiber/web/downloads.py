"""What a page hands over as a file: a PDF to open, a document or table to save."""

from __future__ import annotations

import io
from typing import Any

from django.http import FileResponse, HttpResponse, JsonResponse


def pdf_response(pdf: bytes, filename: str) -> FileResponse:
    # inline: phones open it in their viewer, ready to print or share; the name is kept when it is saved
    return FileResponse(io.BytesIO(pdf), filename=filename, content_type="application/pdf")


def attachment(response: HttpResponse, filename: str) -> HttpResponse:
    """``response`` saved as a file of that name rather than shown."""
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def json_download(document: Any, filename: str, *, indent: int = 2) -> HttpResponse:
    """A JSON document (a session's, a tournament's) to save, its text readable as written."""
    return attachment(JsonResponse(document, json_dumps_params={"ensure_ascii": False, "indent": indent}), filename)
