"""Who sits at which table in the rounds still to play: a greedy start, then a tabu search over all of them at once.

Players are numbers 0 … n-1 here (the draw maps names to numbers and back). A state is every planned round's tables,
each a list of players in no particular order (the seat order comes later, see ``seating``). The search only ever
swaps two players of one round between two of its tables, so every state seats everybody once per round at tables
of the planned sizes.

The cost of a state counts, for every pair, how often it meets beyond the first time (a "repeat"), plus more for a
third and fourth meeting, so that repeats spread over many pairs rather than piling up on a few, plus a heavy
penalty for every pair to be kept apart that sits together in round 1. A third meeting costs a little less than
two more pairs meeting twice: where the fewest repeats need a pair to meet three times (12 players over 3 rounds),
the search finds that; but it would rather seat more repeats than one pair together in every round. A swap across
a five-table and a four (or a six and a five at Sheepshead) is only allowed if the player moving to the five-table
stays within the most five-table seats anybody needs (the greedy start's most); a player left with fewer than the
even share costs a little (a quarter of a repeat): 13 players over 3 rounds get 16 repeats with an even share, 10
without.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

REPEAT = 4  # the cost of each meeting beyond the first
PILING = 3  # and more for a third meeting (3), a fourth (3 + 6), …: spread repeats over pairs, but not at any price
APART = 1000  # the cost of a pair to be kept apart sitting together in round 1
SHORT = 1  # the cost of each five-table seat a player has fewer than the even spread: a quarter of a repeat
EVEN_OUT = 20_000  # swaps weighed at most, once at the fewest repeats, to give everybody enough five-table seats
TENURE = (4, 12)  # a swapped player stays put in that round for this many steps (drawn at random)
STALL = 20  # steps without a better plan before the search starts again from the best one, shaken
SHAKE = 3  # random swaps that shake it
FRESH_START = 60  # shakes in a row that find no better plan before the search starts over from a new greedy draw

# pair_cost[m]: a pair meeting m times; LEAVE[m] and JOIN[m]: the change when a meeting is taken away or added
pair_cost = [0, 0] + [REPEAT * (m - 1) + PILING * (m - 1) * (m - 2) // 2 for m in range(2, 128)]
LEAVE = [0] + [pair_cost[m - 1] - pair_cost[m] for m in range(1, 127)]
JOIN = [pair_cost[m + 1] - pair_cost[m] for m in range(127)]

Tables = list[list[int]]  # the tables of one round, each a list of players
Rounds = list[Tables]


@dataclass
class Problem:
    """What the search is given: the field, the planned rounds' table sizes and the history it must respect."""

    players: int
    sizes: Sequence[int]  # the table sizes of every planned round, in table order
    rounds: int  # how many rounds to plan
    base: int  # the size of an ordinary table (a bigger one is a "five-table")
    met: list[list[int]]  # how often each pair met in the rounds played
    big_seats: list[int]  # each player's five-table seats in the rounds played
    fixed: dict[int, int] = field(default_factory=dict)  # player → table index, in every planned round
    apart: Sequence[tuple[int, int]] = ()  # pairs to keep apart in the first planned round
    least_repeats: int = 0  # the search stops when it reaches this many repeats
    budget: int = 0  # the most swaps the search weighs up


def search(problem: Problem, rng: random.Random, start: Sequence[Tables] = ()) -> Rounds:
    """The planned rounds, each a list of tables of players, as good as the search found within its budget.

    ``start``: rounds to begin with (a known perfect draw of this field, at tables of one size), as many of them as
    there are rounds to plan; the greedy draw makes up the rest.
    """
    begun = [with_fixed(tables, problem.fixed) for tables in start[: problem.rounds]]
    best_cost, best, left = None, [], problem.budget
    while left > 0:  # a fresh greedy draw each time the last one got stuck, as long as the budget lasts
        state = State(problem, greedy(problem, rng, begun))
        rounds, cost, weighed, done = state.improve(rng, left)
        if best_cost is None or cost < best_cost:
            best_cost, best = cost, rounds
        left -= max(weighed, 1)
        if done:
            break
        begun = []
    return best


def with_fixed(tables: Tables, fixed: dict[int, int]) -> Tables:
    """The tables of a round, moved so that the fixed players sit at their tables: a whole table if it can go to
    a fixed player's number unbroken, else the player alone, swapped for one who is not fixed there."""
    tables = [table[:] for table in tables]
    honoured: set[int] = set()
    for p, t in sorted(fixed.items()):
        at = next(i for i, table in enumerate(tables) if p in table)
        if at != t:
            if not honoured & {*tables[at], *tables[t]}:
                tables[at], tables[t] = tables[t], tables[at]
            else:
                q = next(q for q in tables[t] if fixed.get(q) != t)
                tables[at][tables[at].index(p)], tables[t][tables[t].index(q)] = q, p
        honoured.add(p)
    return tables


def greedy(problem: Problem, rng: random.Random, begun: Sequence[Tables] = ()) -> Rounds:
    """A first plan round by round after the rounds ``begun``: the five-table seats go to whoever has had the
    fewest, then each player in random order takes the table where they would meet the fewest they have met before.
    """
    met = [row[:] for row in problem.met]
    big_seats = problem.big_seats[:]
    apart = apart_sets(problem)
    rounds: Rounds = []
    for r in range(problem.rounds):
        tables = begun[r] if r < len(begun) else greedy_round(problem, rng, met, big_seats, apart if r == 0 else None)
        for t, table in enumerate(tables):
            for i, p in enumerate(table):
                big_seats[p] += problem.sizes[t] > problem.base
                for q in table[:i]:
                    met[p][q] += 1
                    met[q][p] += 1
        rounds.append(tables)
    return rounds


def greedy_round(
    problem: Problem, rng: random.Random, met: list[list[int]], big_seats: list[int], apart: list[set[int]] | None
) -> Tables:
    sizes = problem.sizes
    big_tables = {t for t, size in enumerate(sizes) if size > problem.base}
    tables: Tables = [[] for _ in sizes]
    for p, t in problem.fixed.items():
        tables[t].append(p)
    free = [p for p in range(problem.players) if p not in problem.fixed]
    rng.shuffle(free)
    free.sort(key=big_seats.__getitem__)  # stable: the shuffle breaks ties
    to_big = set(free[: sum(sizes[t] - len(tables[t]) for t in big_tables)])
    rng.shuffle(free)
    for p in free:
        row, kept_apart = met[p], apart[p] if apart else set()
        candidates = [
            (sum(JOIN[row[x]] + (APART if x in kept_apart else 0) for x in table), rng.random(), t)
            for t, table in enumerate(tables)
            if len(table) < sizes[t] and (t in big_tables) == (p in to_big)
        ]
        tables[min(candidates)[2]].append(p)
    return tables


def apart_sets(problem: Problem) -> list[set[int]]:
    apart: list[set[int]] = [set() for _ in range(problem.players)]
    for p, q in problem.apart:
        apart[p].add(q)
        apart[q].add(p)
    return apart


class State:
    """A plan being improved: the tables, who sits where, how often each pair meets, and the conflicts."""

    def __init__(self, problem: Problem, rounds: Rounds) -> None:
        self.problem = problem
        self.movable = [p not in problem.fixed for p in range(problem.players)]
        self.big = [size > problem.base for size in problem.sizes]
        self.apart = apart_sets(problem)
        self.load(rounds)

    def load(self, rounds: Rounds) -> None:
        problem, n = self.problem, self.problem.players
        self.rounds = [[table[:] for table in tables] for tables in rounds]
        self.where = [[0] * n for _ in rounds]
        self.met = [row[:] for row in problem.met]
        self.big_seats = problem.big_seats[:]
        for r, tables in enumerate(self.rounds):
            for t, table in enumerate(tables):
                for i, p in enumerate(table):
                    self.where[r][p] = t
                    self.big_seats[p] += self.big[t]
                    for q in table[:i]:
                        self.met[p][q] += 1
                        self.met[q][p] += 1
        if not hasattr(self, "fewest_big"):  # the greedy start spreads the five-table seats evenly
            self.fewest_big, self.most_big = min(self.big_seats, default=0), max(self.big_seats, default=0)
        self.short = sum(self.shortfall(seats) for seats in self.big_seats)
        self.conflicts: set[int] = set()  # pairs p * n + q (p < q) meeting more than once
        self.cost = self.repeats = 0
        for p in range(n):
            for q in range(p + 1, n):
                met = self.met[p][q]
                self.cost += pair_cost[met]
                if met > 1:
                    self.repeats += met - 1
                    self.conflicts.add(p * n + q)
        self.cost += APART * len(self.apart_broken()) + SHORT * self.short

    def shortfall(self, seats: int) -> int:
        """How many five-table seats a player has fewer than the even spread gives everybody."""
        return max(0, self.fewest_big - seats)

    def short_change(self, a: int, b: int, step: int) -> int:
        """The change of the shortfall if a gained ``step`` five-table seats and b lost as many."""
        seats_a, seats_b = self.big_seats[a], self.big_seats[b]
        return (
            self.shortfall(seats_a + step)
            - self.shortfall(seats_a)
            + self.shortfall(seats_b - step)
            - self.shortfall(seats_b)
        )

    def apart_broken(self) -> list[tuple[int, int]]:
        """The pairs to keep apart who sit together in round 1."""
        where = self.where[0] if self.where else []
        return [(p, q) for p, q in self.problem.apart if where[p] == where[q]]

    def delta(self, r: int, a: int, b: int) -> int:
        """The change of cost if a and b (at different tables of round r) swapped."""
        tables, where = self.rounds[r], self.where[r]
        row_a, row_b = self.met[a], self.met[b]
        change = 0
        for x in tables[where[a]]:
            if x != a:
                change += LEAVE[row_a[x]] + JOIN[row_b[x]]
        for y in tables[where[b]]:
            if y != b:
                change += LEAVE[row_b[y]] + JOIN[row_a[y]]
        if r == 0 and (self.apart[a] or self.apart[b]):
            change += APART * self.apart_change(a, b)
        if self.big[where[a]] != self.big[where[b]]:
            change += SHORT * self.short_change(a, b, 1 if self.big[where[b]] else -1)
        return change

    def apart_change(self, a: int, b: int) -> int:
        tables, where = self.rounds[0], self.where[0]
        apart_a, apart_b = self.apart[a], self.apart[b]
        change = 0
        for x in tables[where[a]]:
            change += (x in apart_b) - (x in apart_a)
        for y in tables[where[b]]:
            change += (y in apart_a) - (y in apart_b)
        return change - (a in apart_b) - (b in apart_a)  # a and b never meet: undo their own terms above

    def swap(self, r: int, a: int, b: int) -> None:
        self.cost += self.delta(r, a, b)
        tables, where = self.rounds[r], self.where[r]
        ta, tb = where[a], where[b]
        for leaver, joiner, t in ((a, b, ta), (b, a, tb)):
            table = tables[t]
            for x in table:
                if x != leaver:
                    self.meet(leaver, x, -1)
                    self.meet(joiner, x, +1)
            table[table.index(leaver)] = joiner
        where[a], where[b] = tb, ta
        if self.big[ta] != self.big[tb]:
            step = 1 if self.big[tb] else -1
            self.short += self.short_change(a, b, step)
            self.big_seats[a] += step
            self.big_seats[b] -= step

    def meet(self, p: int, q: int, step: int) -> None:
        before = self.met[p][q]
        self.met[p][q] = self.met[q][p] = before + step
        if min(before, before + step) >= 1:
            self.repeats += step
            pair = p * self.problem.players + q if p < q else q * self.problem.players + p
            if before + step > 1:
                self.conflicts.add(pair)
            else:
                self.conflicts.discard(pair)

    def may_swap(self, r: int, a: int, b: int) -> bool:
        """Whether a and b may trade tables in round r: both movable, at different tables, and across a five-table
        and a four only if the one who moves to the five-table has had fewer five-table seats than the most any
        player has to have."""
        where = self.where[r]
        ta, tb = where[a], where[b]
        if ta == tb or not (self.movable[a] and self.movable[b]):
            return False
        if self.big[ta] == self.big[tb]:
            return True
        return self.big_seats[b if self.big[ta] else a] < self.most_big

    def partners(self, r: int, a: int) -> list[int]:
        """Everybody a may swap with in round r (:meth:`may_swap`), in order: one comprehension, as the search asks
        this for every player in a conflict at every step."""
        if not self.movable[a]:
            return []
        where, big, movable, seats, most = self.where[r], self.big, self.movable, self.big_seats, self.most_big
        ta = where[a]
        if big[ta]:  # whoever comes to a's five-table must have a five-table seat to spare
            return [
                b for b in range(len(where)) if where[b] != ta and movable[b] and (big[where[b]] or seats[b] < most)
            ]
        a_may = seats[a] < most
        return [b for b in range(len(where)) if where[b] != ta and movable[b] and (a_may or not big[where[b]])]

    def in_conflict(self) -> list[tuple[int, int]]:
        """Every round and movable player there in a conflict: meeting someone again, or a pair kept apart."""
        n = self.problem.players
        found: set[tuple[int, int]] = set()
        for pair in self.conflicts:
            p, q = divmod(pair, n)
            found.update((r, x) for r, where in enumerate(self.where) if where[p] == where[q] for x in (p, q))
        found.update((0, x) for pair in self.apart_broken() for x in pair)
        for x, seats in enumerate(self.big_seats):  # short of five-table seats: at a four
            if self.shortfall(seats):
                found.update((r, x) for r, where in enumerate(self.where) if not self.big[where[x]])
        return sorted((r, x) for r, x in found if self.movable[x])

    def improve(self, rng: random.Random, budget: int) -> tuple[Rounds, int, int, bool]:
        """Tabu search: make the best swap of a player in a conflict with anyone at another table of that round
        that is not tabu (one that beats the best plan so far always is allowed); start again from the best plan,
        shaken up, when the search stalls. Stops at the least possible repeats, when the budget (swaps weighed) is
        spent, or when shaking keeps finding nothing better. The best plan, its cost, the swaps weighed, and whether
        the search is done (the bound reached, or nothing can move)."""
        problem = self.problem
        best_cost, best = self.cost, self.snapshot()
        tabu: dict[tuple[int, int], int] = {}  # (round, player) → the step until which the player stays put there
        step = stalled = weighed = shaken = 0
        while weighed < budget:
            if self.repeats <= problem.least_repeats and not self.apart_broken():
                if not self.short:
                    return self.snapshot(), self.cost, weighed, True
                budget = min(budget, weighed + EVEN_OUT)
            step += 1
            choice, choice_delta, ties = None, 0, 0
            for r, a in self.in_conflict():
                a_tabu = tabu.get((r, a), 0) >= step
                for b in self.partners(r, a):
                    weighed += 1
                    change = self.delta(r, a, b)
                    if (a_tabu or tabu.get((r, b), 0) >= step) and self.cost + change >= best_cost:
                        continue
                    if choice is None or change < choice_delta:
                        choice, choice_delta, ties = (r, a, b), change, 1
                    else:
                        ties += change == choice_delta
                        if change == choice_delta and rng.randrange(ties) == 0:
                            choice = (r, a, b)
            if choice is None:
                if not tabu:
                    return best, best_cost, weighed, True  # nothing in conflict can move: the fixed tables decide
                tabu.clear()
                continue
            r, a, b = choice
            self.swap(r, a, b)
            tabu[(r, a)] = tabu[(r, b)] = step + rng.randint(*TENURE)
            if self.cost < best_cost:
                best_cost, best, stalled, shaken = self.cost, self.snapshot(), 0, 0
            else:
                stalled += 1
                if stalled > STALL:
                    shaken += 1
                    if shaken > FRESH_START:
                        break
                    self.load(best)
                    self.shake(rng)
                    tabu.clear()
                    stalled = 0
        return best, best_cost, weighed, weighed >= budget

    def shake(self, rng: random.Random) -> None:
        """A few random swaps, to leave a plan the search keeps coming back to."""
        n, done = self.problem.players, 0
        for _ in range(100 * SHAKE):
            r, a, b = rng.randrange(len(self.rounds)), rng.randrange(n), rng.randrange(n)
            if self.may_swap(r, a, b):
                self.swap(r, a, b)
                done += 1
                if done == SHAKE:
                    break

    def snapshot(self) -> Rounds:
        return [[table[:] for table in tables] for tables in self.rounds]
