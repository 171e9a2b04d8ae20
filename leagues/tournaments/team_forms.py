"""The director's team form, and the team tie-breaks in words."""

from __future__ import annotations

from typing import Any

from django import forms
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from ..competition import NAME_MAX
from .forms import TIEBREAK_NAMES
from .models import Participant
from .rules.teams import CHAIN

TEAM_TIEBREAK_NAMES = {"best_member": _("Best player"), "best_round": TIEBREAK_NAMES["best_round"]}
assert tuple(TEAM_TIEBREAK_NAMES) == CHAIN  # the columns in the chain's order


class TeamForm(forms.Form):
    name = forms.CharField(label=_("Team name"), max_length=NAME_MAX)
    members = forms.ModelMultipleChoiceField(
        label=_("Players"),
        queryset=Participant.objects.none(),
        widget=forms.CheckboxSelectMultiple,
        help_text=_("Two to four players, each in one team at most."),
    )

    def __init__(self, *args: Any, free: QuerySet[Participant] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if free is not None:
            self.fields["members"].queryset = free  # type: ignore[attr-defined]
