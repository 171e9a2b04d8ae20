"""Thin views: check access, call a selector or a service, render."""
