"""Money as people read it and the printed sheets: the settlement sheet and the blank score pad."""
