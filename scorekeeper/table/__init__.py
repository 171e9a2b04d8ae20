"""The live table: everything the phones at a table see and send besides the entry form's controls — the score
sheet's rows, its lines and the patches a polling phone gets, what changed in words, the round clock, and the reads
they share (``reads``)."""
