"""Pages of leagues and seasons: thin views over ``leagues.selectors`` and ``leagues.services``."""
