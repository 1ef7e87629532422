# Driver (written for vmsample's corpus) of networkx: graphs built, searched and measured.
import networkx as nx

G = nx.Graph()
G.add_weighted_edges_from([("a", "b", 4), ("a", "c", 2), ("b", "c", 5), ("b", "d", 10), ("c", "e", 3),
                           ("e", "d", 4), ("d", "f", 11), ("e", "f", 1)])
print(G.number_of_nodes(), G.number_of_edges(), sorted(G.degree()), sorted(G["a"].items()))
print(nx.shortest_path(G, "a", "f", weight="weight"), nx.shortest_path_length(G, "a", "f", weight="weight"))
print(sorted(nx.single_source_dijkstra_path_length(G, "a").items()), nx.has_path(G, "a", "f"))
mst = nx.minimum_spanning_tree(G)
print(sorted(tuple(sorted(e)) for e in mst.edges()), sum(d["weight"] for _, _, d in mst.edges(data=True)))
print(list(nx.bfs_tree(G, "a").edges()), list(nx.dfs_preorder_nodes(G, "a")))
print({n: round(c, 4) for n, c in sorted(nx.betweenness_centrality(G).items())})
print({n: round(c, 4) for n, c in sorted(nx.closeness_centrality(G).items())}, nx.diameter(G), nx.radius(G))

D = nx.DiGraph([(1, 2), (2, 3), (3, 1), (3, 4), (4, 5), (5, 6), (6, 4), (7, 7)])
print(sorted(sorted(c) for c in nx.strongly_connected_components(D)), nx.is_directed_acyclic_graph(D))
print(sorted(sorted(c) for c in nx.simple_cycles(D)), sorted(D.in_degree()), sorted(nx.descendants(D, 4)))
dag = nx.DiGraph([("shirt", "tie"), ("tie", "jacket"), ("pants", "shoes"), ("pants", "belt"), ("belt", "jacket"),
                  ("shirt", "belt"), ("socks", "shoes")])
print(list(nx.lexicographical_topological_sort(dag)), nx.dag_longest_path(dag), sorted(nx.ancestors(dag, "jacket")))
katz = nx.katz_centrality(D, alpha=0.1)
print({n: round(v, 4) for n, v in sorted(katz.items())}, sorted(nx.in_degree_centrality(D).items()))

K = nx.karate_club_graph()
print(K.number_of_nodes(), K.number_of_edges(), round(nx.average_clustering(K), 6), nx.transitivity(K))
print(sorted(nx.core_number(K).items())[:8], nx.node_connectivity(K), len(list(nx.find_cliques(K))))
print(sorted(len(c) for c in nx.community.greedy_modularity_communities(K)), round(nx.density(K), 6))
grid = nx.grid_2d_graph(4, 4)
print(nx.number_of_nodes(grid), nx.is_bipartite(grid), len(nx.max_weight_matching(grid)), nx.is_eulerian(nx.cycle_graph(5)))
flow = nx.DiGraph()
for u, v, c in [("s", "a", 10), ("s", "b", 5), ("a", "b", 15), ("a", "t", 10), ("b", "t", 10)]:
    flow.add_edge(u, v, capacity=c)
value, flows = nx.maximum_flow(flow, "s", "t")
print(value, sorted((u, sorted(f.items())) for u, f in flows.items()), nx.minimum_cut_value(flow, "s", "t"))
print(nx.is_isomorphic(nx.path_graph(4), nx.Graph([(10, 20), (20, 30), (30, 40)])), nx.to_dict_of_lists(nx.star_graph(3)))
print(sorted(nx.generate_edgelist(nx.path_graph(3), data=False)), nx.node_link_data(nx.path_graph(2))["links"])
