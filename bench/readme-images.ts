/**
 * Writes the README's example boards: docs/images/start.png (the start position) and
 * docs/images/middlegame.png (Black's triple capture a5:c3:e5:c7 in a game, which leaves
 * stacks of three to five pieces, with the move marked), and docs/images/discord-game.png, a
 * picture of a Discord game message made from what the Discord adapter sends; and the boards of
 * docs/rules.md (rules-*.png: the FEN example and worked examples, each move marked).
 * Run: npm run images
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  applyMove,
  makeFen,
  parseFen,
  parseMove,
  startPosition,
  type VariantId,
} from '../src/engine/index.js';
import { renderPicture } from '../src/render/index.js';
import { gameMessage } from '../src/adapters/discord/game-message.js';
import type { Game } from '../src/game/model.js';
import { messages } from '../src/i18n/index.js';
import { inlinePainter } from '../test/support/painter.js';
import { present } from '../test/support/present.js';
import { discordMockup } from './discord-mockup.js';
import { giveUpAfter } from './watchdog.js';

giveUpAfter(10, 'README images');

const directory = fileURLToPath(new URL('../docs/images/', import.meta.url));
const SIZE = 720;

/** The position after `moveText` from `fenText`, drawn with the move marked. */
function boardAfter(
  fenText: string,
  moveText: string,
  size: number,
  variant: VariantId = 'bashni',
) {
  const before = parseFen(fenText, variant);
  if (!before.ok) throw new Error(before.error.message);
  const move = parseMove(before.value, moveText);
  if (!move.ok) throw new Error(move.error.message);
  return renderPicture('board', applyMove(before.value, move.value), {
    size,
    lastMove: move.value,
  });
}

/** docs/rules.md's boards: smaller, two to a row. */
const RULES_SIZE = 360;
const fenExample = parseFen('W:Wa1,c3,Kd8,f4(0101/00):Bb6(00/1),Kh2', 'bashni');
if (!fenExample.ok) throw new Error(fenExample.error.message);

mkdirSync(directory, { recursive: true });
const images: Record<string, Buffer> = {
  'start.png': renderPicture('board', startPosition('bashni'), { size: SIZE }),
  'middlegame.png': boardAfter(
    'B:Wa1,c1,g1,f2,h2,e3,b4,d4(0/000),d6(0/0),b8(1/0000),f8(1/00):Ba5(0/0),a7',
    'a5:c3:e5:c7',
    SIZE,
  ),
  'rules-fen.png': renderPicture('board', fenExample.value, { size: RULES_SIZE }),
  'rules-rejump.png': boardAfter('W:Wc3:Bd4(00),f4,f2,d2,h8', 'c3:e5:g3:e1:c3:e5', RULES_SIZE),
  'rules-freed.png': boardAfter('W:Wc3:Bd4(1/0),f6(0/1)', 'c3:e5:g7', RULES_SIZE),
  'rules-laska.png': boardAfter('W:Wc3:Bd4(0/1),f6', 'c3:e5:g7', RULES_SIZE, 'laska'),
};
images['discord-game.png'] = await discordGame();
for (const [name, png] of Object.entries(images)) {
  writeFileSync(`${directory}${name}`, png);
  console.log(`wrote docs/images/${name} (${(png.length / 1024).toFixed(1)} KB)`);
}

/** A cross-platform game four moves in, as its Discord message shows it. */
async function discordGame(): Promise<Buffer> {
  const moves = ['c3-d4', 'f6-g5', 'g3-h4', 'g7-f6', 'b2-c3'];
  let position = startPosition('bashni');
  let last;
  for (const text of moves) {
    const move = parseMove(position, text);
    if (!move.ok) throw new Error(move.error.message);
    position = applyMove(position, move.value);
    last = move.value;
  }
  const now = Date.UTC(2026, 10, 30, 12);
  const game: Game = {
    id: 'Xk3pQ9aB',
    version: 7,
    variant: 'bashni',
    white: { platform: 'telegram', userId: '11', displayName: 'Alice', username: 'alice' },
    black: { platform: 'discord', userId: '300000000000000002', displayName: 'Boris' },
    startFen: 'W',
    moves,
    fen: '',
    keys: [],
    quietPlies: 0,
    lastMove:
      last === undefined
        ? undefined
        : { from: last.from, path: last.path, captures: last.captures },
    status: 'active',
    daysPerMove: 3,
    deadline: now + 3 * 86_400_000 - 3_600_000 * 5,
    reminderSent: false,
    drawOffer: null,
    views: [],
    createdAt: now,
    updatedAt: now,
  };
  const message = await gameMessage(
    { ...game, startFen: makeFen(startPosition('bashni')), fen: makeFen(position) },
    messages('en'),
    {},
    now,
    inlinePainter,
  );
  const embed = present(message.embeds?.[0], 'the game message embed');
  return discordMockup({
    botName: 'Bashni Bot',
    description: embed.description!.replace(/<@\d+>/g, '@Boris'),
    colour: embed.color!,
    board: present(message.files?.[0], 'the board file').data,
    button: '♟ Move',
    footer: embed.footer!.text,
  });
}
