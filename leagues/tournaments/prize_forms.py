"""The prize list as a form: a few place rows (a percentage of the fees or an amount) and a few category rows.

The form turns its filled rows into the prize list's data (``leagues.tournaments.rules.prizes``) and maps the paths the
service names in its messages (``pool[1].percent``) back to the rows' fields.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from ..competition import SMALL_MOST
from .rules.prizes import BEST_OF_TABLE, HIGH_OF_SESSION, LABEL_MAX, Prizes, prizes_json

PLACE_ROWS = 6
CATEGORY_ROWS = 4
MONEY = {"min_value": Decimal("0.01"), "max_digits": 8, "decimal_places": 2, "required": False}


class PrizeForm(forms.Form):
    def __init__(self, *args: Any, prizes: Prizes, categories: Iterable[str] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.initial = {**_initial(prizes), **self.initial}
        named = (set(categories) | {c.category for c in prizes.categories}) - {BEST_OF_TABLE, HIGH_OF_SESSION}
        kinds = [
            ("", "—"),
            (BEST_OF_TABLE, _("Best of each table (last round)")),
            (HIGH_OF_SESSION, _("Best single round")),
            *((c, _("Best of category “%(category)s”") % {"category": c}) for c in sorted(named)),
        ]
        for row in range(PLACE_ROWS):
            self.fields[f"place_{row}"] = forms.IntegerField(
                label=_("Place"), min_value=1, max_value=SMALL_MOST, required=False
            )
            self.fields[f"percent_{row}"] = forms.DecimalField(
                label=_("% of the fees"), min_value=Decimal("0.01"), max_value=100, decimal_places=2, required=False
            )
            self.fields[f"amount_{row}"] = forms.DecimalField(label=_("or an amount"), **MONEY)  # type: ignore[arg-type]
        for row in range(CATEGORY_ROWS):
            self.fields[f"category_{row}"] = forms.ChoiceField(label=_("Prize for"), choices=kinds, required=False)
            self.fields[f"label_{row}"] = forms.CharField(label=_("Name"), max_length=LABEL_MAX, required=False)
            self.fields[f"category_amount_{row}"] = forms.DecimalField(label=_("Amount"), **MONEY)  # type: ignore[arg-type]
            self.fields[f"stacks_{row}"] = forms.BooleanField(label=_("On top of another prize"), required=False)
        for name, field in self.fields.items():  # the rows have no label of their own, only the column heads
            field.widget.attrs["aria-label"] = f"{field.label} {int(name.rpartition('_')[2]) + 1}"
        self.field_map: dict[str, str] = {}

    def place_rows(self) -> list[list[forms.BoundField]]:
        return [[self[f"{name}_{row}"] for name in ("place", "percent", "amount")] for row in range(PLACE_ROWS)]

    def category_rows(self) -> list[list[forms.BoundField]]:
        names = ("category", "label", "category_amount", "stacks")
        return [[self[f"{name}_{row}"] for name in names] for row in range(CATEGORY_ROWS)]

    def prizes(self) -> dict[str, Any]:
        """The filled rows as the prize list's data; ``field_map`` then maps its paths to the rows' fields."""
        data = self.cleaned_data
        pool: list[dict[str, Any]] = []
        for row in range(PLACE_ROWS):
            place, percent, amount = (data.get(f"{name}_{row}") for name in ("place", "percent", "amount"))
            if place is None and percent is None and amount is None:
                continue
            path = f"pool[{len(pool)}]"
            self.field_map[path] = f"percent_{row}"  # neither or both of percent and amount
            for key, name in (("place", "place"), ("percent", "percent"), ("prize_cents", "amount")):
                self.field_map[f"{path}.{key}"] = f"{name}_{row}"
            prize: dict[str, Any] = {"place": place}
            if percent is not None:
                prize["percent"] = int(percent) if percent == int(percent) else float(percent)
            if amount is not None:
                prize["prize_cents"] = int(amount * 100)
            pool.append(prize)
        categories: list[dict[str, Any]] = []
        for row in range(CATEGORY_ROWS):
            category = data.get(f"category_{row}")
            if not category:
                continue
            path = f"categories[{len(categories)}]"
            for key, name in (("category", "category"), ("label", "label"), ("prize_cents", "category_amount")):
                self.field_map[f"{path}.{key}"] = f"{name}_{row}"
            amount = data.get(f"category_amount_{row}")
            categories.append({
                "category": category, "label": data.get(f"label_{row}", ""), "stacks": data.get(f"stacks_{row}"),
                "prize_cents": int(amount * 100) if amount is not None else 0,
            })  # fmt: skip
        return {"pool": pool, "categories": [{k: v for k, v in c.items() if v != ""} for c in categories]}


def _initial(prizes: Prizes) -> dict[str, Any]:
    initial: dict[str, Any] = {}
    for row, place in enumerate(prizes_json(prizes)["pool"][:PLACE_ROWS]):
        initial[f"place_{row}"] = place["place"]
        initial[f"percent_{row}"] = place.get("percent")
        initial[f"amount_{row}"] = Decimal(place["prize_cents"]) / 100 if "prize_cents" in place else None
    for row, prize in enumerate(prizes.categories[:CATEGORY_ROWS]):
        initial[f"category_{row}"] = prize.category
        initial[f"label_{row}"] = prize.label
        initial[f"category_amount_{row}"] = Decimal(prize.prize_cents) / 100
        initial[f"stacks_{row}"] = prize.stacks
    return initial
