from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScorekeeperConfig(AppConfig):
    name = "scorekeeper"
    verbose_name = _("Score keeping")
