/** Seeded randomness for tests: the engine's own generator (mulberry32), so runs repeat. */
export { seededRandom } from '../../src/engine/index.js';

export function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)];
}
