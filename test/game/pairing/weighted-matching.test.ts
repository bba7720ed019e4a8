import { describe, expect, it } from 'vitest';
import {
  maximumWeightMatching,
  minimumCostPerfectMatching,
  type WeightedEdge,
} from '../../../src/game/pairing/weighted-matching.js';
import { seededRandom } from '../../support/random.js';

/** The best [size, weight] of any matching, by matching or skipping the first free vertex. */
function bruteForce(vertexCount: number, edges: readonly WeightedEdge[]): [number, number] {
  const weight = new Map(edges.map(([a, b, w]) => [`${Math.min(a, b)}-${Math.max(a, b)}`, w]));
  const better = (x: [number, number], y: [number, number]) =>
    x[0] > y[0] || (x[0] === y[0] && x[1] > y[1]);
  const best = (free: readonly number[]): [number, number] => {
    const [first, ...rest] = free;
    if (first === undefined) return [0, 0];
    let found = best(rest);
    for (const other of rest) {
      const w = weight.get(`${first}-${other}`);
      if (w === undefined) continue;
      const [size, total] = best(rest.filter((vertex) => vertex !== other));
      if (better([size + 1, total + w], found)) found = [size + 1, total + w];
    }
    return found;
  };
  return best([...Array(vertexCount).keys()]);
}

function scored(mate: readonly number[], edges: readonly WeightedEdge[]): [number, number] {
  let size = 0;
  let total = 0;
  for (const [a, b, w] of edges) {
    if (mate[a] === b) {
      expect(mate[b]).toBe(a);
      size++;
      total += w;
    }
  }
  expect(mate.filter((partner) => partner !== -1)).toHaveLength(2 * size);
  return [size, total];
}

describe('maximumWeightMatching', () => {
  it('solves the classic blossom cases (S- and T-blossoms, nesting, expansion)', () => {
    const cases: [WeightedEdge[], number[]][] = [
      [
        [
          [1, 2, 8],
          [1, 3, 9],
          [2, 3, 10],
          [3, 4, 7],
          [1, 6, 5],
          [4, 5, 6],
        ],
        [-1, 6, 3, 2, 5, 4, 1],
      ],
      [
        [
          [1, 2, 9],
          [1, 3, 8],
          [2, 3, 10],
          [1, 4, 5],
          [4, 5, 3],
          [3, 6, 4],
        ],
        [-1, 2, 1, 6, 5, 4, 3],
      ],
      [
        [
          [1, 2, 23],
          [1, 5, 22],
          [1, 6, 15],
          [2, 3, 25],
          [3, 4, 22],
          [4, 5, 25],
          [4, 8, 14],
          [5, 7, 13],
        ],
        [-1, 6, 3, 2, 8, 7, 1, 5, 4],
      ],
      [
        [
          [1, 2, 45],
          [1, 5, 45],
          [2, 3, 50],
          [3, 4, 45],
          [4, 5, 50],
          [1, 6, 30],
          [3, 9, 35],
          [4, 8, 28],
          [5, 7, 26],
          [9, 10, 5],
        ],
        [-1, 6, 3, 2, 8, 7, 1, 5, 4, 10, 9],
      ],
      [
        [
          [1, 2, 45],
          [1, 7, 45],
          [2, 3, 50],
          [3, 4, 45],
          [4, 5, 95],
          [4, 6, 94],
          [5, 6, 94],
          [6, 7, 50],
          [1, 8, 30],
          [3, 11, 35],
          [5, 9, 36],
          [7, 10, 26],
          [11, 12, 5],
        ],
        [-1, 8, 3, 2, 6, 9, 4, 10, 1, 5, 7, 12, 11],
      ],
      [
        [
          [1, 2, 40],
          [1, 3, 40],
          [2, 3, 60],
          [2, 4, 55],
          [3, 5, 55],
          [4, 5, 50],
          [1, 8, 15],
          [5, 7, 30],
          [7, 6, 10],
          [8, 10, 10],
          [4, 9, 30],
        ],
        [-1, 2, 1, 5, 9, 3, 7, 6, 10, 4, 8],
      ],
    ];
    for (const [edges, mate] of cases) {
      expect(maximumWeightMatching(mate.length, edges)).toEqual(mate);
    }
  });

  it('finds the largest matching of greatest weight on random graphs, as brute force does', () => {
    const random = seededRandom(28_12);
    for (let trial = 0; trial < 600; trial++) {
      const vertexCount = 1 + Math.floor(random() * 10);
      const density = random();
      const edges: WeightedEdge[] = [];
      for (let a = 0; a < vertexCount; a++) {
        for (let b = a + 1; b < vertexCount; b++) {
          if (random() < density) edges.push([a, b, Math.floor(random() * 9) - 3]);
        }
      }
      const mate = maximumWeightMatching(vertexCount, edges);
      expect(scored(mate, edges), JSON.stringify(edges)).toEqual(bruteForce(vertexCount, edges));
    }
  });
});

describe('minimumCostPerfectMatching', () => {
  it('gives the cheapest perfect matching, or none when there is none', () => {
    // A 4-cycle 0-1-2-3 with a cheap and a dear perfect matching.
    const costs = new Map([
      ['0-1', 2],
      ['1-2', 0],
      ['2-3', 2],
      ['0-3', 1],
    ]);
    const cost = (a: number, b: number) => costs.get(`${a}-${b}`);
    expect(minimumCostPerfectMatching(4, cost)).toEqual({ mate: [3, 2, 1, 0], cost: 1 });
    expect(minimumCostPerfectMatching(3, () => 0)).toBeUndefined();
    // Vertex 0 may meet nobody.
    expect(minimumCostPerfectMatching(4, (a) => (a === 0 ? undefined : 0))).toBeUndefined();
  });
});
