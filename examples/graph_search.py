"""Graph search: shortest paths on a generated road network.

Builds a weighted grid graph with random shortcuts (deterministic), then runs
breadth-first search and Dijkstra's algorithm -- with a hand-written binary
heap -- from several sources.  The adjacency lists are long-lived and are
built once; each search allocates a distance table and a stream of
short-lived (distance, node) tuples and path lists.

Usage:  python examples/graph_search.py [SIDE]
        vmsample run examples/graph_search.py [SIDE]

SIDE is the grid's side length (default 150, so 22500 nodes).
"""

import sys


class Lcg:
    """Park and Miller's minimal standard generator (deterministic, 62-bit safe)."""

    def __init__(self, seed):
        self.state = seed

    def next(self, bound):
        self.state = self.state * 48271 % 2147483647
        return self.state % bound


class MinHeap:
    """A binary min-heap of (priority, item) tuples."""

    def __init__(self):
        self.items = []

    def __len__(self):
        return len(self.items)

    def push(self, entry):
        items = self.items
        items.append(entry)
        i = len(items) - 1
        while i > 0:
            parent = (i - 1) // 2
            if items[parent] <= entry:
                break
            items[i] = items[parent]
            i = parent
        items[i] = entry

    def pop(self):
        items = self.items
        top = items[0]
        last = items.pop()
        if items:
            n = len(items)
            i = 0
            while True:
                child = 2 * i + 1
                if child >= n:
                    break
                if child + 1 < n and items[child + 1] < items[child]:
                    child += 1
                if last <= items[child]:
                    break
                items[i] = items[child]
                i = child
            items[i] = last
        return top


def build_graph(side, rng):
    """Grid edges with random weights plus a few long random shortcuts."""
    n = side * side
    adj = [[] for _ in range(n)]

    def connect(a, b, w):
        adj[a].append((b, w))
        adj[b].append((a, w))

    for r in range(side):
        for c in range(side):
            v = r * side + c
            if c + 1 < side:
                connect(v, v + 1, 1 + rng.next(9))
            if r + 1 < side:
                connect(v, v + side, 1 + rng.next(9))
    for _ in range(n // 20):
        connect(rng.next(n), rng.next(n), 5 + rng.next(40))
    return adj


def bfs_levels(adj, source):
    level = {source: 0}
    frontier = [source]
    while frontier:
        nxt = []
        for v in frontier:
            for w, _ in adj[v]:
                if w not in level:
                    level[w] = level[v] + 1
                    nxt.append(w)
        frontier = nxt
    return level


def dijkstra(adj, source):
    dist = [-1] * len(adj)
    prev = [-1] * len(adj)
    heap = MinHeap()
    heap.push((0, source))
    best = {source: 0}
    while heap:
        d, v = heap.pop()
        if dist[v] >= 0:
            continue
        dist[v] = d
        for w, weight in adj[v]:
            nd = d + weight
            if dist[w] < 0 and nd < best.get(w, nd + 1):
                best[w] = nd
                prev[w] = v
                heap.push((nd, w))
    return dist, prev


def path_to(prev, target):
    path = []
    while target >= 0:
        path.append(target)
        target = prev[target]
    path.reverse()
    return path


def main(side):
    rng = Lcg(7)
    adj = build_graph(side, rng)
    n = len(adj)
    edges = sum(len(a) for a in adj) // 2
    print(f"graph: {n} nodes, {edges} edges")
    corner = n - 1
    for source in [0, side // 2, n // 2, corner]:
        levels = bfs_levels(adj, source)
        dist, prev = dijkstra(adj, source)
        far = max(range(n), key=lambda v: (dist[v], -v))
        path = path_to(prev, far)
        print(f"from {source:5d}: {len(levels)} reachable, max hops {max(levels.values())}, "
              f"farthest {far} at {dist[far]} via {len(path)} nodes, "
              f"sum of distances {sum(dist)}")


if len(sys.argv) > 2 or (len(sys.argv) == 2 and not sys.argv[1].isdigit()):
    raise SystemExit("usage: graph_search.py [SIDE]")
main(max(2, int(sys.argv[1]) if len(sys.argv) == 2 else 150))
