"""What travels out of Schreiber and back in: a whole club as one document (``club_document``: its format and the
parts other apps register) and its backup (``backup``: writing it, and restoring a club from it)."""
