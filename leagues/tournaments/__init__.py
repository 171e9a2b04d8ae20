"""Tournaments: models, services, selectors, views, forms and printing; the pure rules (draw, sheet, …) in rules/."""
