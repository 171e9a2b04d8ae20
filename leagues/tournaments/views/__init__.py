"""Pages of tournaments: thin views over ``leagues.tournaments.selectors`` and ``leagues.tournaments.services``."""
