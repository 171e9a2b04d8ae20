"""Pages of leagues and seasons: thin views over ``leagues.seasons.selectors`` and ``leagues.seasons.services``."""
