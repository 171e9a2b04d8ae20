"""Leagues and their seasons: models, services, selectors, views, forms and printing, and the season ranking's modes."""
