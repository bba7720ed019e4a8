/**
 * Writes the README's example boards: docs/images/start.png (the start position) and
 * docs/images/middlegame.png (Black's triple capture a5:c3:e5:c7 in a game, which leaves
 * stacks of three to five pieces, with the move marked).
 * Run: npx tsx bench/readme-images.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { applyMove, parseFen, parseMove, startPosition } from '../src/engine/index.js';
import { renderBoard } from '../src/render/index.js';
import { giveUpAfter } from './watchdog.js';

giveUpAfter(10, 'README images');

const directory = fileURLToPath(new URL('../docs/images/', import.meta.url));
const SIZE = 720;

const before = parseFen(
  'B:Wa1,c1,g1,f2,h2,e3,b4,d4(0/000),d6(0/0),b8(1/0000),f8(1/00):Ba5(0/0),a7',
  'bashni',
);
if (!before.ok) throw new Error(before.error.message);
const move = parseMove(before.value, 'a5:c3:e5:c7');
if (!move.ok) throw new Error(move.error.message);

mkdirSync(directory, { recursive: true });
const images = {
  'start.png': renderBoard(startPosition('bashni'), { size: SIZE }),
  'middlegame.png': renderBoard(applyMove(before.value, move.value), {
    size: SIZE,
    lastMove: move.value,
  }),
};
for (const [name, png] of Object.entries(images)) {
  writeFileSync(`${directory}${name}`, png);
  console.log(`wrote docs/images/${name} (${(png.length / 1024).toFixed(1)} KB)`);
}
