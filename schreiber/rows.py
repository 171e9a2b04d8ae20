"""Models read by one raw statement of constant text, for the reads every request makes before its view (who may look
at a club or a session) and the live sheet's: building and compiling the ORM's query costs several times the CPU of
sending it and reading the answer.

Where the read is a rule (who may look: ``access``), its statement is the rule's queryset compiled once
(``Statement``), each run's values put where its ``Slot`` marks: the rule is written once, in the ORM. A statement
selects each model's concrete columns in turn (``columns``, or a queryset's ``select_related``) and ``instances``
makes the models of a row, each value converted as the ORM converts it on this database (JSON, dates on SQLite), so
that the instances are the ones the ORM would have made. The text is made from the models once, and the converters
once per model: nothing but code and settings.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models import Expression, Field, Model, QuerySet
from django.db.models.expressions import Col

BIGGEST_ID = 2**63 - 1  # a 64-bit key: anything larger names no row (and SQLite refuses it as a parameter)


def table(model: type[Model]) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def fetch(sql: str, params: Sequence[Any]) -> list[tuple[Any, ...]]:
    """The rows of a statement of constant text."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def fetch_one(sql: str, params: Sequence[Any]) -> tuple[Any, ...] | None:
    """The first row of a statement of constant text; None without one."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row: tuple[Any, ...] | None = cursor.fetchone()
        return row


class Slot(Expression):
    """A value a ``Statement`` is run with, named: compiled as a placeholder of its own."""

    def __init__(self, name: str, output_field: Field[Any, Any]) -> None:
        super().__init__(output_field=output_field)
        self.name = name

    def as_sql(self, compiler: Any, connection: Any) -> tuple[str, list[Any]]:
        return "%s", [self]


@dataclass(frozen=True)
class Statement:
    """A queryset's SQL compiled once, with its parameters: each ``Slot`` filled in with the value of that name a run
    is given, any other the queryset's own."""

    sql: str
    params: tuple[Any, ...]

    @classmethod
    def of(cls, queryset: QuerySet[Any]) -> Statement:
        sql, params = queryset.query.sql_with_params()
        return cls(sql, tuple(params))

    def values(self, **given: Any) -> list[Any]:
        return [given[param.name] if isinstance(param, Slot) else param for param in self.params]

    def fetch_one(self, **given: Any) -> tuple[Any, ...] | None:
        return fetch_one(self.sql, self.values(**given))


def json_value(value: Any) -> Any:
    """A JSON column's value as a raw read gives it: text on SQLite, already decoded by PostgreSQL's driver."""
    return json.loads(value) if isinstance(value, str | bytes) else value


def columns(model: type[Model], alias: str) -> str:
    """The model's concrete columns under ``alias``, in the order ``instances`` reads them."""
    return ", ".join(f"{alias}.{connection.ops.quote_name(field.column)}" for field in model._meta.concrete_fields)


def instances(row: Sequence[Any], *models: type[Model]) -> Iterator[Any]:
    """An instance of each of ``models`` (as from the database), from its columns of ``row`` in turn."""
    start = 0
    for model in models:
        reading = _reading(model)
        values = list(row[start : start + len(reading.names)])
        for position, converters, column in reading.converters:
            for convert in converters:
                values[position] = convert(values[position], column, connection)
        yield model.from_db(connection.alias, reading.names, values)
        start += len(reading.names)


@dataclass(frozen=True)
class _Reading:
    names: list[str]  # the concrete fields' attribute names
    converters: list[tuple[int, list[Callable[..., Any]], Col]]  # of each column that needs converting: the ORM's


@functools.cache
def _reading(model: type[Model]) -> _Reading:
    converters = []
    for position, field in enumerate(model._meta.concrete_fields):
        column = field.get_col(model._meta.db_table)
        found = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
        if found:
            converters.append((position, found, column))
    return _Reading([field.attname for field in model._meta.concrete_fields], converters)
