"""What the views of both apps share: service errors on a form, files to download, numbers from an address, QR codes.
Who may see what is the scorekeeper's (``scorekeeper.access``)."""
