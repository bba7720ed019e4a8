/** Seeded randomness for tests: the engine's own generator (mulberry32), so runs repeat. */
export { seededRandom } from '../../src/engine/index.js';

export function pick<T>(items: readonly T[], random: () => number): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick: no items to pick from');
  return item;
}
