/**
 * Maximum-weight matching in a general graph: Edmonds' blossom algorithm with the primal-dual
 * method, O(V³), after Galil's survey ("Efficient algorithms for finding maximum matching in
 * graphs", 1986) in the structure of van Rantwijk's well-known implementation. Integer weights
 * keep every dual value an integer, so the result is exact.
 *
 * The Swiss pairer uses it to break the colour rules for as few players as possible when no
 * pairing keeps them all (minimumCostPerfectMatching below).
 *
 * Vertices are 0..n-1; non-trivial blossoms are numbered n..2n-1. Edges are 0..m-1 and edge
 * k has the endpoints 2k and 2k+1.
 */

/** An edge: its two vertices and its weight (an integer). */
export type WeightedEdge = readonly [number, number, number];

/**
 * A matching of maximum weight among those of maximum cardinality (every edge weight counts,
 * negative ones too): `mate[v]` is v's partner, or -1.
 */
export function maximumWeightMatching(vertexCount: number, edges: readonly WeightedEdge[]) {
  return new WeightedMatching(vertexCount, edges).run();
}

/**
 * A perfect matching of least total cost on vertices 0..n-1, the pairs allowed and their costs
 * given by `cost` (undefined: not allowed; else a whole number of 0 or more). Undefined when no
 * perfect matching exists.
 */
export function minimumCostPerfectMatching(
  vertexCount: number,
  cost: (a: number, b: number) => number | undefined,
): { mate: number[]; cost: number } | undefined {
  if (vertexCount % 2 === 1) return undefined;
  const edges: [number, number, number][] = [];
  for (let a = 0; a < vertexCount; a++) {
    for (let b = a + 1; b < vertexCount; b++) {
      const c = cost(a, b);
      if (c !== undefined) edges.push([a, b, -c]);
    }
  }
  const mate = maximumWeightMatching(vertexCount, edges);
  if (mate.some((partner) => partner === -1)) return undefined;
  let total = 0;
  for (let a = 0; a < vertexCount; a++) if (a < mate[a]!) total += cost(a, mate[a]!)!;
  return { mate, cost: total };
}

/** The entry of a blossom's cyclic list at `index`, which may run below 0 (it wraps). */
function at<X>(list: readonly X[], index: number): X {
  return list[((index % list.length) + list.length) % list.length]!;
}

/**
 * Which way to go round a blossom from the sub-blossom at `index` to its base (index 0) along
 * an even-length path: forward from an odd index (wrapping, so j starts below 0), backward
 * from an even one; `endptrick` picks the endpoint of each connecting edge on that side.
 */
function roundTheBlossom(index: number, length: number) {
  return (index & 1) !== 0
    ? { j: index - length, jstep: 1, endptrick: 0 }
    : { j: index, jstep: -1, endptrick: 1 };
}

const FREE = 0;
const S = 1;
const T = 2;
/** A breadcrumb on an S-blossom while scanBlossom traces back (label S | 4). */
const CRUMB = 5;

class WeightedMatching {
  private readonly n: number;
  private readonly endpoint: number[];
  private readonly neighbend: number[][];
  private readonly mate: number[];
  private readonly label: number[];
  private readonly labelend: number[];
  private readonly inblossom: number[];
  private readonly blossomparent: number[];
  private readonly blossomchilds: (number[] | null)[];
  private readonly blossombase: number[];
  private readonly blossomendps: (number[] | null)[];
  private readonly bestedge: number[];
  private readonly blossombestedges: (number[] | null)[];
  private readonly unusedblossoms: number[];
  private readonly dualvar: number[];
  private allowedge: boolean[];
  private queue: number[] = [];

  constructor(
    vertexCount: number,
    private readonly edges: readonly WeightedEdge[],
  ) {
    const n = vertexCount;
    this.n = n;
    for (const [i, j] of edges) {
      if (i < 0 || j < 0 || i >= n || j >= n || i === j) {
        throw new RangeError(`maximumWeightMatching: bad edge ${i}-${j} for ${n} vertices`);
      }
    }
    const maxweight = Math.max(0, ...edges.map((edge) => edge[2]));
    this.endpoint = [];
    for (const [i, j] of edges) this.endpoint.push(i, j);
    this.neighbend = Array.from({ length: n }, () => []);
    edges.forEach(([i, j], k) => {
      this.neighbend[i]!.push(2 * k + 1);
      this.neighbend[j]!.push(2 * k);
    });
    this.mate = new Array<number>(n).fill(-1);
    this.label = new Array<number>(2 * n).fill(FREE);
    this.labelend = new Array<number>(2 * n).fill(-1);
    this.inblossom = Array.from({ length: n }, (_, v) => v);
    this.blossomparent = new Array<number>(2 * n).fill(-1);
    this.blossomchilds = new Array<number[] | null>(2 * n).fill(null);
    this.blossombase = [
      ...Array.from({ length: n }, (_, v) => v),
      ...new Array<number>(n).fill(-1),
    ];
    this.blossomendps = new Array<number[] | null>(2 * n).fill(null);
    this.bestedge = new Array<number>(2 * n).fill(-1);
    this.blossombestedges = new Array<number[] | null>(2 * n).fill(null);
    this.unusedblossoms = Array.from({ length: n }, (_, i) => n + i);
    this.dualvar = [...new Array<number>(n).fill(maxweight), ...new Array<number>(n).fill(0)];
    this.allowedge = new Array<boolean>(edges.length).fill(false);
  }

  /** Twice the slack of edge k (not for edges inside a blossom). */
  private slack(k: number): number {
    const [i, j, weight] = this.edges[k]!;
    return this.dualvar[i]! + this.dualvar[j]! - 2 * weight;
  }

  private leaves(b: number, out: number[] = []): number[] {
    if (b < this.n) out.push(b);
    else for (const t of this.blossomchilds[b]!) this.leaves(t, out);
    return out;
  }

  private assignLabel(w: number, t: number, p: number): void {
    const b = this.inblossom[w]!;
    this.label[w] = this.label[b] = t;
    this.labelend[w] = this.labelend[b] = p;
    this.bestedge[w] = this.bestedge[b] = -1;
    if (t === S) {
      this.queue.push(...this.leaves(b));
    } else {
      const base = this.blossombase[b]!;
      const mate = this.mate[base]!;
      this.assignLabel(this.endpoint[mate]!, S, mate ^ 1);
    }
  }

  /** The base of the blossom closed by edge v-w, or -1 when it is an augmenting path. */
  private scanBlossom(v: number, w: number): number {
    const path: number[] = [];
    let base = -1;
    while (v !== -1 || w !== -1) {
      let b = this.inblossom[v]!;
      if ((this.label[b]! & 4) !== 0) {
        base = this.blossombase[b]!;
        break;
      }
      path.push(b);
      this.label[b] = CRUMB;
      if (this.labelend[b] === -1) {
        v = -1;
      } else {
        v = this.endpoint[this.labelend[b]!]!;
        b = this.inblossom[v]!;
        v = this.endpoint[this.labelend[b]!]!;
      }
      if (w !== -1) [v, w] = [w, v];
    }
    for (const b of path) this.label[b] = S;
    return base;
  }

  private addBlossom(base: number, k: number): void {
    let [v, w] = this.edges[k]!;
    const bb = this.inblossom[base]!;
    let bv = this.inblossom[v]!;
    let bw = this.inblossom[w]!;
    const b = this.unusedblossoms.pop()!;
    this.blossombase[b] = base;
    this.blossomparent[b] = -1;
    this.blossomparent[bb] = b;
    const path: number[] = [];
    const endps: number[] = [];
    while (bv !== bb) {
      this.blossomparent[bv] = b;
      path.push(bv);
      endps.push(this.labelend[bv]!);
      v = this.endpoint[this.labelend[bv]!]!;
      bv = this.inblossom[v]!;
    }
    path.push(bb);
    path.reverse();
    endps.reverse();
    endps.push(2 * k);
    while (bw !== bb) {
      this.blossomparent[bw] = b;
      path.push(bw);
      endps.push(this.labelend[bw]! ^ 1);
      w = this.endpoint[this.labelend[bw]!]!;
      bw = this.inblossom[w]!;
    }
    this.blossomchilds[b] = path;
    this.blossomendps[b] = endps;
    this.label[b] = S;
    this.labelend[b] = this.labelend[bb]!;
    this.dualvar[b] = 0;
    for (const leaf of this.leaves(b)) {
      if (this.label[this.inblossom[leaf]!] === T) this.queue.push(leaf);
      this.inblossom[leaf] = b;
    }
    const bestedgeto = new Array<number>(2 * this.n).fill(-1);
    for (const sub of path) {
      const lists =
        this.blossombestedges[sub] === null
          ? this.leaves(sub).map((leaf) => this.neighbend[leaf]!.map((p) => p >> 1))
          : [this.blossombestedges[sub]!];
      for (const list of lists) {
        for (const edge of list) {
          let [i, j] = this.edges[edge]!;
          if (this.inblossom[j] === b) [i, j] = [j, i];
          const bj = this.inblossom[j]!;
          if (
            bj !== b &&
            this.label[bj] === S &&
            (bestedgeto[bj] === -1 || this.slack(edge) < this.slack(bestedgeto[bj]!))
          ) {
            bestedgeto[bj] = edge;
          }
        }
      }
      this.blossombestedges[sub] = null;
      this.bestedge[sub] = -1;
    }
    const best = bestedgeto.filter((edge) => edge !== -1);
    this.blossombestedges[b] = best;
    this.bestedge[b] = -1;
    for (const edge of best) {
      if (this.bestedge[b] === -1 || this.slack(edge) < this.slack(this.bestedge[b])) {
        this.bestedge[b] = edge;
      }
    }
  }

  private expandBlossom(b: number, endstage: boolean): void {
    const childs = this.blossomchilds[b]!;
    for (const s of childs) {
      this.blossomparent[s] = -1;
      if (s < this.n) this.inblossom[s] = s;
      else if (endstage && this.dualvar[s] === 0) this.expandBlossom(s, endstage);
      else for (const leaf of this.leaves(s)) this.inblossom[leaf] = s;
    }
    if (!endstage && this.label[b] === T) {
      const endps = this.blossomendps[b]!;
      const entrychild = this.inblossom[this.endpoint[this.labelend[b]! ^ 1]!]!;
      const way = roundTheBlossom(childs.indexOf(entrychild), childs.length);
      const { jstep, endptrick } = way;
      let j = way.j;
      let p = this.labelend[b]!;
      while (j !== 0) {
        this.label[this.endpoint[p ^ 1]!] = FREE;
        this.label[this.endpoint[at(endps, j - endptrick) ^ endptrick ^ 1]!] = FREE;
        this.assignLabel(this.endpoint[p ^ 1]!, T, p);
        this.allowedge[at(endps, j - endptrick) >> 1] = true;
        j += jstep;
        p = at(endps, j - endptrick) ^ endptrick;
        this.allowedge[p >> 1] = true;
        j += jstep;
      }
      const bv = at(childs, j);
      this.label[this.endpoint[p ^ 1]!] = this.label[bv] = T;
      this.labelend[this.endpoint[p ^ 1]!] = this.labelend[bv] = p;
      this.bestedge[bv] = -1;
      j += jstep;
      while (at(childs, j) !== entrychild) {
        const sub = at(childs, j);
        if (this.label[sub] === S) {
          j += jstep;
          continue;
        }
        const reached = this.leaves(sub).find((leaf) => this.label[leaf] !== FREE);
        if (reached !== undefined) {
          this.label[reached] = FREE;
          this.label[this.endpoint[this.mate[this.blossombase[sub]!]!]!] = FREE;
          this.assignLabel(reached, T, this.labelend[reached]!);
        }
        j += jstep;
      }
    }
    this.label[b] = this.labelend[b] = -1;
    this.blossomchilds[b] = this.blossomendps[b] = null;
    this.blossombase[b] = -1;
    this.blossombestedges[b] = null;
    this.bestedge[b] = -1;
    this.unusedblossoms.push(b);
  }

  private augmentBlossom(b: number, v: number): void {
    let t = v;
    while (this.blossomparent[t] !== b) t = this.blossomparent[t]!;
    if (t >= this.n) this.augmentBlossom(t, v);
    const childs = this.blossomchilds[b]!;
    const endps = this.blossomendps[b]!;
    const i = childs.indexOf(t);
    const way = roundTheBlossom(i, childs.length);
    const { jstep, endptrick } = way;
    let j = way.j;
    while (j !== 0) {
      j += jstep;
      t = at(childs, j);
      const p = at(endps, j - endptrick) ^ endptrick;
      if (t >= this.n) this.augmentBlossom(t, this.endpoint[p]!);
      j += jstep;
      t = at(childs, j);
      if (t >= this.n) this.augmentBlossom(t, this.endpoint[p ^ 1]!);
      this.mate[this.endpoint[p]!] = p ^ 1;
      this.mate[this.endpoint[p ^ 1]!] = p;
    }
    this.blossomchilds[b] = [...childs.slice(i), ...childs.slice(0, i)];
    this.blossomendps[b] = [...endps.slice(i), ...endps.slice(0, i)];
    this.blossombase[b] = this.blossombase[this.blossomchilds[b][0]!]!;
  }

  private augmentMatching(k: number): void {
    const [v, w] = this.edges[k]!;
    for (let [s, p] of [
      [v, 2 * k + 1],
      [w, 2 * k],
    ] as [number, number][]) {
      for (;;) {
        const bs = this.inblossom[s]!;
        if (bs >= this.n) this.augmentBlossom(bs, s);
        this.mate[s] = p;
        if (this.labelend[bs] === -1) break;
        const t = this.endpoint[this.labelend[bs]!]!;
        const bt = this.inblossom[t]!;
        s = this.endpoint[this.labelend[bt]!]!;
        const j = this.endpoint[this.labelend[bt]! ^ 1]!;
        if (bt >= this.n) this.augmentBlossom(bt, j);
        this.mate[j] = this.labelend[bt]!;
        p = this.labelend[bt]! ^ 1;
      }
    }
  }

  run(): number[] {
    const n = this.n;
    if (this.edges.length === 0) return new Array<number>(n).fill(-1);
    for (let stage = 0; stage < n; stage++) {
      this.label.fill(FREE);
      this.bestedge.fill(-1);
      for (let b = n; b < 2 * n; b++) this.blossombestedges[b] = null;
      this.allowedge = new Array<boolean>(this.edges.length).fill(false);
      this.queue = [];
      for (let v = 0; v < n; v++) {
        if (this.mate[v] === -1 && this.label[this.inblossom[v]!] === FREE) {
          this.assignLabel(v, S, -1);
        }
      }
      let augmented = false;
      for (;;) {
        while (this.queue.length > 0 && !augmented) {
          const v = this.queue.pop()!;
          for (const p of this.neighbend[v]!) {
            const k = p >> 1;
            const w = this.endpoint[p]!;
            if (this.inblossom[v] === this.inblossom[w]) continue;
            let kslack = 0;
            if (!this.allowedge[k]) {
              kslack = this.slack(k);
              if (kslack <= 0) this.allowedge[k] = true;
            }
            if (this.allowedge[k]) {
              if (this.label[this.inblossom[w]!] === FREE) {
                this.assignLabel(w, T, p ^ 1);
              } else if (this.label[this.inblossom[w]!] === S) {
                const base = this.scanBlossom(v, w);
                if (base >= 0) this.addBlossom(base, k);
                else {
                  this.augmentMatching(k);
                  augmented = true;
                  break;
                }
              } else if (this.label[w] === FREE) {
                this.label[w] = T;
                this.labelend[w] = p ^ 1;
              }
            } else if (this.label[this.inblossom[w]!] === S) {
              const b = this.inblossom[v]!;
              if (this.bestedge[b] === -1 || kslack < this.slack(this.bestedge[b]!)) {
                this.bestedge[b] = k;
              }
            } else if (this.label[w] === FREE) {
              if (this.bestedge[w] === -1 || kslack < this.slack(this.bestedge[w]!)) {
                this.bestedge[w] = k;
              }
            }
          }
        }
        if (augmented) break;
        if (!this.adjustDuals()) break;
      }
      if (!augmented) break;
      for (let b = n; b < 2 * n; b++) {
        if (
          this.blossomparent[b] === -1 &&
          this.blossombase[b]! >= 0 &&
          this.label[b] === S &&
          this.dualvar[b] === 0
        ) {
          this.expandBlossom(b, true);
        }
      }
    }
    return this.mate.map((p) => (p >= 0 ? this.endpoint[p]! : -1));
  }

  /**
   * No augmenting path under the current duals: moves them by the least delta that opens a
   * new edge or blossom. False when no further improvement is possible (maximum cardinality:
   * vertex duals may go negative, so delta1 is never the bound).
   */
  private adjustDuals(): boolean {
    const n = this.n;
    let deltatype = -1;
    let delta = 0;
    let deltaedge = -1;
    let deltablossom = -1;
    for (let v = 0; v < n; v++) {
      if (this.label[this.inblossom[v]!] === FREE && this.bestedge[v] !== -1) {
        const d = this.slack(this.bestedge[v]!);
        if (deltatype === -1 || d < delta) {
          delta = d;
          deltatype = 2;
          deltaedge = this.bestedge[v]!;
        }
      }
    }
    for (let b = 0; b < 2 * n; b++) {
      if (this.blossomparent[b] === -1 && this.label[b] === S && this.bestedge[b] !== -1) {
        const d = this.slack(this.bestedge[b]!) / 2;
        if (deltatype === -1 || d < delta) {
          delta = d;
          deltatype = 3;
          deltaedge = this.bestedge[b]!;
        }
      }
    }
    for (let b = n; b < 2 * n; b++) {
      if (
        this.blossombase[b]! >= 0 &&
        this.blossomparent[b] === -1 &&
        this.label[b] === T &&
        (deltatype === -1 || this.dualvar[b]! < delta)
      ) {
        delta = this.dualvar[b]!;
        deltatype = 4;
        deltablossom = b;
      }
    }
    if (deltatype === -1) return false;
    for (let v = 0; v < n; v++) {
      const label = this.label[this.inblossom[v]!];
      if (label === S) this.dualvar[v]! -= delta;
      else if (label === T) this.dualvar[v]! += delta;
    }
    for (let b = n; b < 2 * n; b++) {
      if (this.blossombase[b]! >= 0 && this.blossomparent[b] === -1) {
        if (this.label[b] === S) this.dualvar[b]! += delta;
        else if (this.label[b] === T) this.dualvar[b]! -= delta;
      }
    }
    if (deltatype === 2 || deltatype === 3) {
      // The edge has no slack now: scan on from its S end.
      this.allowedge[deltaedge] = true;
      const [i, j] = this.edges[deltaedge]!;
      this.queue.push(deltatype === 2 && this.label[this.inblossom[i]!] === FREE ? j : i);
    } else this.expandBlossom(deltablossom, false);
    return true;
  }
}
