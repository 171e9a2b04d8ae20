"""Pages of leagues, seasons and tournaments: thin views over ``leagues.selectors`` and ``leagues.services``."""
