import { describe, expect, it } from 'vitest';
import { hasPerfectMatching, maximumMatching } from '../../../src/game/pairing/matching.js';
import { seededRandom } from '../../support/random.js';

/** The largest matching by trying every way to match or skip the first free vertex. */
function bruteForceMatchingSize(vertexCount: number, edges: ReadonlySet<string>): number {
  const best = (free: readonly number[]): number => {
    const [first, ...rest] = free;
    if (first === undefined) return 0;
    let size = best(rest);
    for (const other of rest) {
      if (edges.has(`${first}-${other}`)) {
        size = Math.max(size, 1 + best(rest.filter((vertex) => vertex !== other)));
      }
    }
    return size;
  };
  return best([...Array(vertexCount).keys()]);
}

describe('maximumMatching', () => {
  it('matches the brute-force optimum on random graphs, with a consistent mate list', () => {
    const random = seededRandom(20240516);
    for (let trial = 0; trial < 300; trial++) {
      const vertexCount = 1 + Math.floor(random() * 11);
      const density = random();
      const edges = new Set<string>();
      for (let a = 0; a < vertexCount; a++) {
        for (let b = a + 1; b < vertexCount; b++) if (random() < density) edges.add(`${a}-${b}`);
      }
      const adjacent = (a: number, b: number): boolean =>
        edges.has(a < b ? `${a}-${b}` : `${b}-${a}`);
      const mate = maximumMatching(vertexCount, adjacent);
      mate.forEach((partner, vertex) => {
        if (partner === -1) return;
        expect(mate[partner]).toBe(vertex);
        expect(adjacent(vertex, partner)).toBe(true);
      });
      const size = mate.filter((partner) => partner !== -1).length / 2;
      expect(size).toBe(bruteForceMatchingSize(vertexCount, edges));
      expect(hasPerfectMatching(vertexCount, adjacent)).toBe(2 * size === vertexCount);
    }
  });

  it('finds an augmenting path that runs through an odd cycle (a blossom)', () => {
    // Taking roots in order matches 0-1 and 2-5. The search from 3 then closes the odd cycle
    // 3-1-0-2-5-3 and reaches the free 4 only by shrinking that cycle into one vertex.
    const edges = new Set(['0-1', '0-2', '1-3', '1-4', '2-5', '3-5', '4-5']);
    const adjacent = (a: number, b: number): boolean =>
      edges.has(a < b ? `${a}-${b}` : `${b}-${a}`);
    const mate = maximumMatching(6, adjacent);
    expect(mate.every((partner) => partner !== -1)).toBe(true);
    expect(hasPerfectMatching(6, adjacent)).toBe(true);
    expect(hasPerfectMatching(5, adjacent)).toBe(false);
  });
});
