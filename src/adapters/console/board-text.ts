import {
  sideOfColor,
  stackOwner,
  stackPieces,
  FILE_LETTERS,
  VARIANTS,
  type Position,
  type Side,
  type Stack,
} from '../../engine/index.js';

/** A side as the terminal names it: "White", "Black". */
export function sideName(side: Side): string {
  return side === 'white' ? 'White' : 'Black';
}

/** One piece as a letter: w/b man, W/B king. */
function pieceLetter(color: number, king: boolean): string {
  const letter = color === 0 ? 'w' : 'b';
  return king ? letter.toUpperCase() : letter;
}

/** A stack top first, e.g. "Wbb" (a white king over two black men). */
export function stackLetters(stack: Stack): string {
  return stackPieces(stack)
    .map((piece) => pieceLetter(piece.color, piece.king))
    .join('');
}

/**
 * The board as text, White at the bottom unless `blackBottom`: each square shows its stack's
 * top piece and, for taller stacks, its height; a legend below spells out every tall stack
 * top first, so the whole composition is readable in a terminal.
 */
export function boardText(position: Position, blackBottom = false): string[] {
  const geometry = VARIANTS[position.variant].geometry;
  const files = FILE_LETTERS.slice(0, geometry.files).split('');
  const ranks = [...Array(geometry.ranks).keys()];
  const rankOrder = blackBottom ? ranks : [...ranks].reverse();
  const fileOrder = blackBottom ? [...files].reverse() : files;
  const lines: string[] = [];
  const header = '    ' + fileOrder.map((f) => ` ${f} `).join('');
  lines.push(header);
  const tall: string[] = [];
  for (const rank of rankOrder) {
    let row = ` ${String(rank + 1).padStart(2)} `;
    for (const file of fileOrder) {
      const name = `${file}${rank + 1}`;
      const index = geometry.names.indexOf(name);
      if (index < 0) {
        row += '   ';
        continue;
      }
      // A square's index in geometry.names is its index in the position's stacks (a stack or
      // null, never missing).
      const stack = position.stacks[index] as Stack | null;
      if (stack === null) {
        row += ' . ';
        continue;
      }
      const letters = stackLetters(stack);
      // The top piece stays in the middle column; the height follows it (two digits shift left).
      if (stack.height === 1) row += ` ${letters} `;
      else
        row += stack.height < 10 ? ` ${letters[0]}${stack.height}` : `${letters[0]}${stack.height}`;
      if (stack.height > 1) tall.push(`${name}=${letters}`);
    }
    lines.push(row);
  }
  lines.push(header);
  if (tall.length > 0) lines.push(`stacks (top first): ${tall.join('  ')}`);
  const owner = (color: number) =>
    position.stacks.filter((s) => s !== null && stackOwner(s) === color).length;
  lines.push(
    `${sideName(sideOfColor(position.turn))} to move · stacks: white ${owner(0)}, black ${owner(1)}`,
  );
  return lines;
}
