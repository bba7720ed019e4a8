/**
 * Maximum matching in a general graph (Edmonds' blossom algorithm, O(V³)).
 *
 * The Swiss pairer asks it one question over and over: "can the players still unpaired all be
 * paired legally?" Answering that exactly is what lets the pairer try candidates in the Dutch
 * order yet never walk into a dead end, and say "no pairing exists" only when none does.
 */

/**
 * A maximum matching of the graph on vertices 0..vertexCount-1 whose edges are the pairs for
 * which `adjacent` says yes: `mate[v]` is v's partner, or -1 when v is left out.
 */
export function maximumMatching(
  vertexCount: number,
  adjacent: (a: number, b: number) => boolean,
): number[] {
  const neighbours: number[][] = Array.from({ length: vertexCount }, () => []);
  for (let a = 0; a < vertexCount; a++) {
    for (let b = a + 1; b < vertexCount; b++) {
      if (adjacent(a, b)) {
        neighbours[a]!.push(b);
        neighbours[b]!.push(a);
      }
    }
  }
  const mate = new Array<number>(vertexCount).fill(-1);
  // A greedy start leaves few vertices for the (costlier) augmenting-path searches.
  for (let vertex = 0; vertex < vertexCount; vertex++) {
    if (mate[vertex] !== -1) continue;
    const partner = neighbours[vertex]!.find((other) => mate[other] === -1);
    if (partner !== undefined) {
      mate[vertex] = partner;
      mate[partner] = vertex;
    }
  }
  for (let root = 0; root < vertexCount; root++) {
    if (mate[root] !== -1) continue;
    const search = new AugmentingPathSearch(neighbours, mate);
    let end = search.from(root);
    while (end !== -1) {
      const previous = search.parent[end]!;
      const previousMate = mate[previous]!;
      mate[end] = previous;
      mate[previous] = end;
      end = previousMate;
    }
  }
  return mate;
}

/** Whether every vertex can be matched: the pairer's "can all of these still be paired?" */
export function hasPerfectMatching(
  vertexCount: number,
  adjacent: (a: number, b: number) => boolean,
): boolean {
  if (vertexCount % 2 === 1) return false;
  return maximumMatching(vertexCount, adjacent).every((partner) => partner !== -1);
}

/** One breadth-first search for an augmenting path, shrinking odd cycles (blossoms) on the way. */
class AugmentingPathSearch {
  readonly parent: number[];
  private readonly base: number[];
  private readonly queued: boolean[];
  private readonly queue: number[] = [];

  constructor(
    private readonly neighbours: readonly (readonly number[])[],
    private readonly mate: readonly number[],
  ) {
    const count = neighbours.length;
    this.parent = new Array<number>(count).fill(-1);
    this.base = Array.from({ length: count }, (_, vertex) => vertex);
    this.queued = new Array<boolean>(count).fill(false);
  }

  /** The free vertex that ends an augmenting path from `root`, or -1 when there is none. */
  from(root: number): number {
    const { parent, base, mate } = this;
    this.enqueue(root);
    for (let head = 0; head < this.queue.length; head++) {
      const vertex = this.queue[head]!;
      for (const next of this.neighbours[vertex]!) {
        if (base[vertex] === base[next] || mate[vertex] === next) continue;
        if (next === root || (mate[next] !== -1 && parent[mate[next]!] !== -1)) {
          this.contract(vertex, next);
        } else if (parent[next] === -1) {
          parent[next] = vertex;
          if (mate[next] === -1) return next;
          this.enqueue(mate[next]!);
        }
      }
    }
    return -1;
  }

  private enqueue(vertex: number): void {
    this.queued[vertex] = true;
    this.queue.push(vertex);
  }

  /** Shrinks the odd cycle closed by the edge vertex-next into its base. */
  private contract(vertex: number, next: number): void {
    const { base } = this;
    const blossomBase = this.commonAncestor(vertex, next);
    const inBlossom = new Array<boolean>(base.length).fill(false);
    this.markPath(vertex, blossomBase, next, inBlossom);
    this.markPath(next, blossomBase, vertex, inBlossom);
    for (let other = 0; other < base.length; other++) {
      if (!inBlossom[base[other]!]) continue;
      base[other] = blossomBase;
      if (!this.queued[other]) this.enqueue(other);
    }
  }

  private commonAncestor(first: number, second: number): number {
    const { base, mate, parent } = this;
    const onPath = new Array<boolean>(base.length).fill(false);
    let vertex = first;
    for (;;) {
      vertex = base[vertex]!;
      onPath[vertex] = true;
      if (mate[vertex] === -1) break;
      vertex = parent[mate[vertex]!]!;
    }
    vertex = second;
    for (;;) {
      vertex = base[vertex]!;
      if (onPath[vertex]) return vertex;
      vertex = parent[mate[vertex]!]!;
    }
  }

  private markPath(from: number, blossomBase: number, child: number, inBlossom: boolean[]): void {
    const { base, mate, parent } = this;
    let vertex = from;
    let towards = child;
    while (base[vertex] !== blossomBase) {
      inBlossom[base[vertex]!] = true;
      inBlossom[base[mate[vertex]!]!] = true;
      parent[vertex] = towards;
      towards = mate[vertex]!;
      vertex = parent[mate[vertex]!]!;
    }
  }
}
