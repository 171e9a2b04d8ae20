"""Template filters of the leagues' pages."""
