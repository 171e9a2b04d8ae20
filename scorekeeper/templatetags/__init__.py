"""Template filters of the scorekeeper's pages: form fields, money and the score sheet."""
