"""The one cache helper: a key names all that is shown, fresh() draws afresh."""

from dataclasses import dataclass

from django.core.cache import cache

from schreiber import kept


@dataclass(frozen=True)
class Shown:
    revision: int
    audience: str


def test_an_answer_is_kept_for_equal_shown_values_and_made_again_for_another():
    cache.clear()
    made: list[str] = []

    def make(label: str):
        def made_now() -> str:
            made.append(label)
            return label

        return made_now

    assert kept.kept("page", Shown(1, "member"), make("a")) == "a"
    assert kept.kept("page", Shown(1, "member"), make("b")) == "a"  # kept
    assert kept.kept("page", Shown(1, "public"), make("c")) == "c"  # another audience, another key
    assert kept.kept("page", Shown(2, "member"), make("d")) == "d"  # another revision
    assert kept.kept("other", Shown(1, "member"), make("e")) == "e"  # another kind
    assert made == ["a", "c", "d", "e"]


def test_a_falsy_answer_is_kept_too():
    cache.clear()
    calls: list[int] = []

    def empty() -> str:
        calls.append(1)
        return ""

    for _ in range(2):
        kept.kept("empty", (1,), empty)
    assert calls == [1]


def test_fresh_reads_and_keeps_nothing():
    cache.clear()
    kept.kept("page", (1,), lambda: "kept")
    with kept.fresh():
        assert kept.kept("page", (1,), lambda: "fresh") == "fresh"
        assert kept.kept_many("line", {1: (1,)}, lambda items: dict.fromkeys(items, "fresh")) == {1: "fresh"}
    assert kept.kept("page", (1,), lambda: "again") == "kept"


def test_kept_many_makes_only_the_missing_ones_in_one_call():
    cache.clear()
    calls: list[list[int]] = []

    def make(items):
        calls.append(sorted(items))
        return {item: f"line {item}" for item in items}

    assert kept.kept_many("line", {1: (1, "a"), 2: (2, "a")}, make) == {1: "line 1", 2: "line 2"}
    assert kept.kept_many("line", {1: (1, "a"), 3: (3, "a")}, make) == {1: "line 1", 3: "line 3"}
    assert calls == [[1, 2], [3]]
