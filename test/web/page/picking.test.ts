import { describe, expect, it } from 'vitest';
import { parseFen } from '../../../src/engine/index.js';
import { geometryOf, routeLabel } from '../../../src/chat/buttons/move-picking.js';
import { pickSquare } from '../../../src/web/page/picking.js';

const names = geometryOf('bashni').names;
const at = (name: string): number => names.indexOf(name);

function position(fen: string) {
  const parsed = parseFen(fen, 'bashni');
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

describe('pickSquare', () => {
  it('selects a movable stack and shows its targets', () => {
    const pick = pickSquare(position('W:Wc3:Bh8'), null, at('c3'));
    expect(pick.kind).toBe('select');
    if (pick.kind !== 'select') return;
    expect(pick.targets.map((t) => t.name)).toEqual(['b4', 'd4']);
  });

  it('moves when a target is tapped, clears on anything else', () => {
    const board = position('W:Wc3:Bh8');
    const move = pickSquare(board, at('c3'), at('d4'));
    expect(move.kind).toBe('move');
    expect(pickSquare(board, at('c3'), at('c3')).kind).toBe('clear');
    expect(pickSquare(board, at('c3'), at('e5')).kind).toBe('clear');
    expect(pickSquare(board, null, at('h8')).kind).toBe('clear');
  });

  it('asks which route when several captures end on one square, even its own', () => {
    // Round the ring b4, b6, d6, d4 either way, back to c3.
    const board = position('W:Wc3:Bb4,d4,b6,d6');
    const pick = pickSquare(board, at('c3'), at('c3'));
    if (pick.kind !== 'choose') throw new Error(`expected a choice, got ${pick.kind}`);
    expect(pick.routes.map((r) => routeLabel('bashni', r)).sort()).toEqual([
      'c3:a5:c7:e5:c3',
      'c3:e5:c7:a5:c3',
    ]);
  });
});
