"""What a screen reader needs of a form, checked on a page's HTML (WCAG 2.2: 1.3.1, 3.3.1, 3.3.2, 4.1.2).

``form_problems(html)`` lists what is wrong, as sentences, so a test can ``assert not form_problems(page)``:

- every id an ``aria-describedby`` or ``aria-labelledby`` names is on the page;
- every control has an accessible name (``label[for]``, a wrapping label, ``aria-label``, ``aria-labelledby``, a
  button's text) that says something: not empty, not "yes", not "—", not an engine key such as ``fuchs_am_ende``;
- in one form, two controls share a name only as one radio or checkbox group, and two text or number fields never
  share an accessible name;
- every fieldset starts with a legend that says something;
- a control marked ``aria-invalid`` is described by its error.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
CONTROLS = {"input", "select", "textarea", "button"}
NAMELESS = {"", "yes", "ja", "no", "nein", "—", "-", "–"}
ENGINE_KEY = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")


@dataclass
class Node:
    tag: str
    attrs: dict[str, str]
    parent: Node | None = None
    children: list[Node | str] = field(default_factory=list)

    def get(self, name: str) -> str:
        return self.attrs.get(name) or ""

    def ancestors(self) -> list[Node]:
        found, node = [], self.parent
        while node is not None:
            found.append(node)
            node = node.parent
        return found

    def walk(self) -> list[Node]:
        found = [self]
        for child in self.children:
            if isinstance(child, Node):
                found.extend(child.walk())
        return found

    def text(self) -> str:
        """The text a name is made of: what is aria-hidden does not count, what is only visually hidden does."""
        if self.attrs.get("aria-hidden") == "true" or self.tag in {"script", "style", "template"}:
            return ""
        if self.tag == "select":
            return ""
        parts = [c if isinstance(c, str) else c.text() for c in self.children]
        return " ".join(" ".join(parts).split())

    def legend(self) -> str:
        """A fieldset's legend: its first element, if that is a legend."""
        first = next((c for c in self.children if isinstance(c, Node)), None)
        return first.text() if first is not None and first.tag == "legend" else ""

    def describe(self) -> str:
        shown = " ".join(f'{k}="{v}"' for k, v in self.attrs.items() if k in {"name", "id", "type", "value"})
        return f"<{self.tag} {shown}>"


class Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", {})
        self.current = self.root

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v or "" for k, v in attrs}, self.current)
        self.current.children.append(node)
        if tag not in VOID:
            self.current = node

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.current.children.append(Node(tag, {k: v or "" for k, v in attrs}, self.current))

    def handle_endtag(self, tag: str) -> None:
        for node in [self.current, *self.current.ancestors()]:
            if node.tag == tag:
                self.current = node.parent or self.root
                return

    def handle_data(self, data: str) -> None:
        self.current.children.append(data)


def parse(html: str) -> Node:
    builder = Builder()
    builder.feed(html)
    builder.close()
    return builder.root


def accessible_name(control: Node, by_id: dict[str, Node], labels: dict[str, list[Node]]) -> str:
    if ids := control.get("aria-labelledby").split():
        return " ".join(by_id[i].text() for i in ids if i in by_id)
    if label := control.get("aria-label").strip():
        return label
    texts = [label.text() for label in labels.get(control.get("id"), [])] if control.get("id") else []
    texts += [a.text() for a in control.ancestors() if a.tag == "label"]
    if control.tag == "button":
        texts.append(control.text())
    if control.tag == "input" and control.get("type") in {"submit", "reset", "button"}:
        texts.append(control.get("value"))
    return " ".join(t for t in texts if t).strip()


def form_problems(html: str) -> list[str]:
    root = parse(html)
    nodes = root.walk()
    by_id = {n.get("id"): n for n in nodes if n.get("id")}
    labels: dict[str, list[Node]] = defaultdict(list)
    for node in nodes:
        if node.tag == "label" and node.get("for"):
            labels[node.get("for")].append(node)
    problems: list[str] = []
    for node in nodes:
        for attr in ("aria-describedby", "aria-labelledby"):
            for missing in (i for i in node.get(attr).split() if i not in by_id):
                problems.append(f"{node.describe()} {attr} names #{missing}, which is not on the page")
        if node.tag == "fieldset" and node.legend().lower() in NAMELESS:
            problems.append(f"{node.describe()} has no legend first")
    controls = [n for n in nodes if n.tag in CONTROLS and n.get("type") != "hidden" and "hidden" not in n.attrs]
    names_in_form: dict[tuple[int, str], list[Node]] = defaultdict(list)
    accessible_in_form: dict[tuple[int, str], list[Node]] = defaultdict(list)
    for control in controls:
        form = next((a for a in control.ancestors() if a.tag == "form"), root)
        name = accessible_name(control, by_id, labels)
        if name.lower() in NAMELESS or ENGINE_KEY.fullmatch(name):
            problems.append(f"{control.describe()} is named {name!r}")
        if control.get("name") and control.tag != "button":
            names_in_form[id(form), control.get("name")].append(control)
        kind = control.get("type") or control.tag
        if control.tag in {"select", "textarea"} or (control.tag == "input" and kind not in {"radio", "checkbox"}):
            accessible_in_form[id(form), name].append(control)
        if control.get("aria-invalid") == "true":  # described itself, or its group is (radios, checkboxes)
            groups = [control, *(a for a in control.ancestors() if a.tag == "fieldset")]
            described = [i for g in groups for i in g.get("aria-describedby").split() if i in by_id]
            if not any(i.endswith("error") for i in described):
                problems.append(f"{control.describe()} is invalid but not described by its error")
    for (_form, name), same in names_in_form.items():
        kinds = {c.get("type") for c in same}
        if len(same) > 1 and not (kinds <= {"radio"} or kinds <= {"checkbox"}):
            problems.append(f"{len(same)} controls share the name {name!r}: {[c.describe() for c in same]}")
    for (_form, name), same in accessible_in_form.items():
        if len(same) > 1:
            problems.append(f"{len(same)} fields share the accessible name {name!r}: {[c.describe() for c in same]}")
    return problems
