"""What other apps may want to follow without the scorekeeper knowing them (apps depend one way: leagues → here)."""

from django.dispatch import Signal

# Sent when a club's stored per-player results changed: ``club_id``; ``game`` (None: any game, as when a member is
# linked to a login or let go of one, which changes who a player is); ``since``, the first day whose results
# changed (None: any day). Sent inside the transaction of the change.
results_changed = Signal()

# Sent before a session is closed, inside the transaction, with ``session`` (locked): a receiver that finds the
# sheet cannot be closed yet raises ``services.ServiceError`` saying why (a tournament table with a Pflichtsolo owed).
session_closing = Signal()
