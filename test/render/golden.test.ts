/**
 * Golden images: whole renders compared with reviewed PNGs in test/render/golden/, with a small
 * per-pixel tolerance (anti-aliasing may differ slightly between CPUs). After an intended change
 * to the look, regenerate them with `UPDATE_GOLDEN=1 npx vitest run test/render` and review the
 * new files before committing (see test/render/README.md).
 */
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';
import {
  applyMove,
  parseMove,
  squareIndex,
  startPosition,
  VARIANTS,
} from '../../src/engine/index.js';
import { renderPicture, renderUncached } from '../../src/render/index.js';
import { fen } from '../support/engine-helpers.js';
import { ratingHistory, roundRobinStandings, swissStandings } from '../support/league-pictures.js';
import { decodeGif } from '../support/gif.js';
import { LONG_GAME } from '../support/long-game.js';
import { PNG } from 'pngjs';
import { expectGolden } from '../support/golden.js';
import { present } from '../support/present.js';
import {
  square,
  tablePosition,
  tableStartPosition,
  ZHERNOV_MIDDLE,
} from '../support/table-positions.js';

const GOLDEN = fileURLToPath(new URL('./golden/', import.meta.url));
/** A pixel differs when a channel is off by more than this... */
/** ...and an image may have this share of differing pixels. */
const PIXEL_SHARE_TOLERANCE = 0.002;

/** The middlegame of the README: White's five-jump capture that crowns on h8. */
function middlegame() {
  const before = fen(
    'W:Wa1,c1,b2,f2,a3,e3,g5(00),h6(0/10):Bh2(0/00),c3(0/0),c5(00),a7,c7,e7,g7,b8,f8',
  );
  const move = parseMove(before, 'b2:d4:b6:d8:f6:h8');
  if (!move.ok) throw new Error(move.error.message);
  return { position: applyMove(before, move.value), move: move.value };
}

const cases: Record<string, () => Buffer> = {
  'start-wood-360': () => renderUncached('board', startPosition('bashni'), { size: 360 }),
  'middlegame-wood-480': () => {
    const { position, move } = middlegame();
    return renderUncached('board', position, { size: 480, lastMove: move });
  },
  'middlegame-contrast-black-360': () => {
    const { position, move } = middlegame();
    return renderUncached('board', position, {
      size: 360,
      theme: 'contrast',
      orientation: 'black',
      lastMove: move,
    });
  },
  'tall-stacks-contrast-400': () =>
    renderUncached('board', fen('W:Wc3(0001000/0000010000),Kg1,e5(101/1):Bh8(1/0)'), {
      size: 400,
      theme: 'contrast',
    }),
  'laska-selected-wood-360': () => {
    const position = startPosition('laska');
    const square = squareIndex(VARIANTS.laska.geometry, 'c3');
    const targets = ['b4', 'd4'].map((name) => squareIndex(VARIANTS.laska.geometry, name));
    return renderUncached('board', position, { size: 360, selected: { square, targets } });
  },
  // Adiyukh is scored by the half count: a tally beside the board (each half's count next to it).
  'adiyukh-start-wood-360': () => renderUncached('board', startPosition('adiyukh'), { size: 360 }),
  'adiyukh-contrast-black-400': () =>
    renderUncached(
      'board',
      fen('W:Wc3,e5(00/1),Kh6:Bd6,f4(00/0),b8', 'adiyukh'),
      { size: 400, theme: 'contrast', orientation: 'black' },
      { title: 'Адиюх', text: 'Half count 6:4' },
    ),
  // 10 files by 8 ranks: a lower image, files a–j; 10x10: two-digit ranks, the tally halves 1–5 / 6–10.
  'adiyukh-8x10-start-wood-400': () =>
    renderUncached(
      'board',
      startPosition('adiyukh-8x10'),
      { size: 400 },
      {
        title: 'Adiyukh 10×8',
        text: 'Half count ⚪ 15:15 ⚫',
      },
    ),
  'adiyukh-10x10-contrast-black-400': () => {
    const before = fen('W:Wc5(00/1),Kj6,b2:Ba1,d6,f8(0/0),i9', 'adiyukh-10x10');
    const move = parseMove(before, 'c5:e7:g9');
    if (!move.ok) throw new Error(move.error.message);
    return renderUncached('board', applyMove(before, move.value), {
      size: 400,
      theme: 'contrast',
      orientation: 'black',
      lastMove: move.value,
    });
  },
  'captioned-ru-wood-400': () =>
    renderUncached(
      'board',
      fen('W:Wc3,e3,Kh2:Bd6,f6(00/0),b8'),
      { size: 400, coordinates: false },
      { title: 'Белые начинают и выигрывают', text: 'Задача дня · White to play and win' },
    ),
};

// A frame of a game's animation (a GIF: 255 colours, drawn over the frames before it): the
// long test game's ply 11, a double capture, with its move and counter in the caption band.
cases['replay-frame-11-wood-440'] = () => {
  const gif = decodeGif(
    renderUncached('replay', {
      ...LONG_GAME,
      title: 'Alice — Bob',
      startText: 'Start position',
      plyWord: 'ply',
    }),
  );
  const png = new PNG({ width: gif.width, height: gif.height });
  png.data = Buffer.from(gif.frame(11));
  return PNG.sync.write(png);
};

// Table games: the start from White's side; the middle from Red's, in Russian.
cases['zhernov-start-wood-480'] = () =>
  renderUncached('table', tableStartPosition(), { size: 480 });
cases['zhernov-middle-red-wood-480'] = () =>
  renderUncached('table', ZHERNOV_MIDDLE, {
    size: 480,
    bottom: 1,
    lastMove: { from: square('b4'), path: [square('d6')], captures: [square('c5')] },
    names: { 0: 'Егор', 1: 'Анна' },
    labels: {
      colors: ['Белые', 'Красные', 'Чёрные', 'Зелёные'],
      toMove: 'ходит',
      count: 'граф',
      out: 'выбыл',
      place: '{place}-е место',
      points: '{points} очк.',
    },
  });
// Three players (no Black), Green at the bottom with a column picked, captioned.
cases['zhernov-three-contrast-green-400'] = () =>
  renderUncached(
    'table',
    tablePosition({
      seats: [0, 1, 3],
      turn: 3,
      columns: { c1: [0, 2], e3: [0, 1], a3: [1, 2], c5: [1, 1, true], h4: [3, 2], f4: [3, 1] },
    }),
    {
      size: 400,
      theme: 'contrast',
      bottom: 3,
      selected: { square: square('h4'), targets: [square('g3'), square('g5')] },
      names: { 0: 'Ann', 1: 'Bob', 3: 'Cy' },
      caption: { title: "Zhernov's game", text: 'Green to move' },
    },
  );

// League pictures: a round robin with a withdrawn player and draws; a Swiss in Russian; rating
// graphs of 40 games and of one.
cases['standings-round-robin-wood'] = () => renderUncached('standings', roundRobinStandings);
cases['standings-swiss-ru-contrast'] = () =>
  renderUncached('standings', swissStandings, { theme: 'contrast' });
cases['rating-graph-40-wood'] = () =>
  renderUncached('rating-graph', {
    title: 'Alice — Bashni',
    points: ratingHistory(40),
    footer: 'last 40 games',
  });
cases['rating-graph-1-contrast'] = () =>
  renderUncached(
    'rating-graph',
    { title: 'Борис — Ласка', points: [{ rating: 1500, deviation: 350 }], footer: '1 партия' },
    { theme: 'contrast' },
  );

// A review's pictures: the evaluation graph (a swinging game with a mistake and two blunders)
// and a critical moment's board (the move played marked, the better one as an arrow).
const swing = Array.from({ length: 81 }, (_, i) =>
  Math.min(0.97, Math.max(0.03, 0.5 + 0.35 * Math.sin(i / 9) + (i > 60 ? 0.3 : 0))),
);
cases['review-graph-wood'] = () =>
  renderPicture('eval-graph', {
    title: 'Alice – Boris',
    axis: 'White’s chances',
    chances: swing,
    marks: [
      { at: 14, kind: 'mistake' },
      { at: 41, kind: 'blunder' },
      { at: 61, kind: 'blunder' },
    ],
    ticks: [10, 20, 30, 40].map((n) => ({ at: 2 * n - 2, label: String(n) })),
    footer: 'orange: 1 mistake · red: 2 blunders',
  });
cases['review-graph-ru-contrast'] = () =>
  renderPicture(
    'eval-graph',
    {
      title: 'Борис – Алиса',
      axis: 'Шансы белых',
      chances: [0.5, 0.55, 0.2, 0.25],
      marks: [{ at: 2, kind: 'blunder' }],
    },
    { theme: 'contrast' },
  );
cases['review-moment-wood-480'] = () => {
  const position = startPosition('bashni');
  const played = parseMove(position, 'a3-b4');
  const better = parseMove(position, 'c3-d4');
  if (!played.ok || !better.ok) throw new Error('the moment does not parse');
  return renderUncached(
    'board',
    position,
    { size: 480, lastMove: played.value, hint: better.value },
    { title: '1. a3-b4? — mistake', text: 'Played: the marked move. Better: c3-d4 (arrow)' },
  );
};

describe('golden images', () => {
  it.each(Object.keys(cases))('%s matches its golden image', (name) => {
    const actual = present(cases[name], `case ${name}`)();
    expectGolden(GOLDEN, name, actual, {
      regenerate: 'UPDATE_GOLDEN=1 npx vitest run test/render',
      pixelShare: PIXEL_SHARE_TOLERANCE,
    });
  });
});
