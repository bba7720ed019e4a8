/**
 * The steps of a move's animation: the moving pile travels hop by hop along the move's path and
 * each jumped square changes as it is jumped. In Bashni and its relatives the jumped stack loses
 * its top piece, which goes under the mover (a captured king becomes a man in Stolby; in
 * Multistorey the piece leaves the board); at a table the jumped column loses a storey and its
 * crown and the mover grows by one. The last step is the position the server sent, whatever the
 * steps before it guessed (a crowning mid-capture, a seat that finished).
 */
import { VARIANTS, type Stack, type VariantId } from '../../engine/index.js';
import { SEAT_COLORS, type Seat, type TablePosition } from '../../engine/multi/index.js';
import { samePile, type BoardModel, type Pile } from './board-model.js';

/** A move's squares (engine indices), as a BoardView's lastMove has them. */
export interface MoveSquares {
  readonly from: number;
  readonly path: readonly number[];
  readonly captures: readonly number[];
}

/** One step: the board after a hop, where the mover stands, and the squares that changed. */
export interface Frame {
  readonly piles: readonly (Pile | null)[];
  /** The square the moving pile stands on after this step. */
  readonly mover: number;
  /** Squares whose pile differs from the step before (the first step: from the start). */
  readonly changed: readonly number[];
}

/** The stack left when its top piece is taken (null when it was the only one). */
function withoutTop(stack: Stack): Stack | null {
  const height = stack.height - 1;
  if (height === 0) return null;
  const keep = (1 << height) - 1;
  return { height, colors: stack.colors & keep, kings: stack.kings & keep };
}

/** What a jump does to the jumped pile and the mover, by the rules of the game shown. */
type Jump = (mover: Pile, jumped: Pile) => { mover: Pile; jumped: Pile | null };

function twoPlayerJump(variant: VariantId): Jump {
  const rules = VARIANTS[variant];
  return (mover, jumped) => {
    const { stack } = jumped;
    const top = stack.height - 1;
    const color = (stack.colors >>> top) & 1;
    const king = rules.capturedKingDemoted ? 0 : (stack.kings >>> top) & 1;
    const rest = withoutTop(stack);
    const left = rest === null ? null : { stack: rest, palette: jumped.palette };
    if (rules.capturedPiecesLeave === true) return { mover, jumped: left };
    // The taken piece goes under the mover: every piece moves up one bit.
    const m = mover.stack;
    return {
      mover: {
        stack: {
          height: m.height + 1,
          colors: (m.colors << 1) | color,
          kings: (m.kings << 1) | king,
        },
        palette: mover.palette,
      },
      jumped: left,
    };
  };
}

function tableJump(position: TablePosition): Jump {
  const finished = new Set(position.finished.map((f) => f.seat));
  const active = new Set(position.seats.filter((seat) => !finished.has(seat)));
  const seatOf = (pile: Pile): Seat => SEAT_COLORS.indexOf(pile.palette[0]) as Seat;
  return (mover, jumped) => {
    const height = jumped.stack.height - 1;
    const left: Pile | null =
      height === 0 ? null : { stack: { height, colors: 0, kings: 0 }, palette: jumped.palette };
    // Chips of a seat that has finished leave the board without growing the mover.
    const grows = active.has(seatOf(jumped));
    if (!grows) return { mover, jumped: left };
    const m = mover.stack;
    const king = (m.kings >>> (m.height - 1)) & 1;
    return {
      mover: {
        stack: { height: m.height + 1, colors: 0, kings: king === 1 ? 2 ** m.height : 0 },
        palette: mover.palette,
      },
      jumped: left,
    };
  };
}

function changedSquares(a: readonly (Pile | null)[], b: readonly (Pile | null)[]): number[] {
  const changed: number[] = [];
  for (let s = 0; s < b.length; s++) if (!samePile(a[s] ?? null, b[s] ?? null)) changed.push(s);
  return changed;
}

/**
 * The steps from `before` to `after` by `move`: one per hop of a capture (the mover on its
 * landing square, the jumped square already changed), one for a quiet move. The last step is
 * always `after`.
 */
export function moveFrames(before: BoardModel, move: MoveSquares, after: BoardModel): Frame[] {
  const last = move.path.at(-1) ?? move.from;
  const frames: Frame[] = [];
  let mover = before.piles[move.from] ?? null;
  if (mover !== null && move.captures.length > 0 && move.captures.length === move.path.length) {
    const jump =
      before.position.variant === 'zhernov'
        ? tableJump(before.position)
        : twoPlayerJump(before.position.variant);
    const piles = [...before.piles];
    piles[move.from] = null;
    let previous: readonly (Pile | null)[] = before.piles;
    for (let hop = 0; hop < move.path.length - 1; hop++) {
      const over = move.captures[hop]!;
      const jumped = piles[over] ?? null;
      if (jumped !== null) {
        const result = jump(mover, jumped);
        mover = result.mover;
        piles[over] = result.jumped;
      }
      const landing = move.path[hop]!;
      const shown = [...piles];
      shown[landing] = mover;
      frames.push({ piles: shown, mover: landing, changed: changedSquares(previous, shown) });
      previous = shown;
    }
    frames.push({
      piles: after.piles,
      mover: last,
      changed: changedSquares(previous, after.piles),
    });
    return frames;
  }
  return [{ piles: after.piles, mover: last, changed: changedSquares(before.piles, after.piles) }];
}
