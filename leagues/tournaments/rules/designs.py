"""Known perfect draws: fields of 16, 32, 64 or 256 players at tables of four, where nobody meets anybody twice.

Number the players 0 … 2^k - 1 and read each number as a vector of k bits. A round is given by two numbers u and v
(a "line" {u, v, u ^ v}): its tables are the sets {x, x ^ u, x ^ v, x ^ u ^ v}. Two players x and y sit together in
that round exactly when x ^ y is one of u, v, u ^ v; so rounds whose lines share no number never seat a pair twice.
Lines sharing no number are a "partial spread": for an even k the numbers split into (2^k - 1) / 3 such lines (16
players: 5 rounds, the affine plane of order 4; 64 players: 21 rounds), for 32 players there are 9.
"""

from __future__ import annotations

import functools

Line = tuple[int, int, int]


def designed_rounds(players: int) -> list[list[list[int]]]:
    """Every round of the perfect draw for this many players (tables of four), or none if there is none here."""
    k = players.bit_length() - 1
    if players != 1 << k or k < 4 or (k % 2 and k != 5):
        return []
    return [
        [sorted({x, x ^ u, x ^ v, x ^ u ^ v}) for x in range(players) if x == min(x, x ^ u, x ^ v, x ^ u ^ v)]
        for u, v, _ in spread(k)
    ]


@functools.cache
def spread(k: int) -> tuple[Line, ...]:
    """Lines sharing no number: for even k the first line through each number not yet covered covers them all;
    for k = 5 a short backtracking finds the largest possible set, 9 lines."""
    if k % 2 == 0:
        lines: list[Line] = []
        used: set[int] = set()
        for u in range(1, 1 << k):
            if u in used:
                continue
            v = next(v for v in range(u + 1, 1 << k) if v not in used and u ^ v not in used and u ^ v > v)
            lines.append((u, v, u ^ v))
            used.update(lines[-1])
        return tuple(lines)
    return tuple(disjoint_lines(k, (2**k - 5) // 3))


def disjoint_lines(k: int, wanted: int) -> list[Line]:
    candidates = [(u, v, u ^ v) for u in range(1, 1 << k) for v in range(u + 1, 1 << k) if u ^ v > v]
    chosen: list[Line] = []
    used: set[int] = set()

    def extend(start: int) -> bool:
        if len(chosen) == wanted:
            return True
        for i in range(start, len(candidates) - (wanted - len(chosen)) + 1):
            line = candidates[i]
            if used.isdisjoint(line):
                chosen.append(line)
                used.update(line)
                if extend(i + 1):
                    return True
                chosen.pop()
                used.difference_update(line)
        return False

    extend(0)
    return chosen
