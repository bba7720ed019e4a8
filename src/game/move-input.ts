/**
 * Moves as people type them, in every chat: on a Russian keyboard (Cyrillic letters that look
 * or sound like the file letters: `с3-d4`, `а3-в4`), with typographic dashes (`c3–d4`), spaces
 * (`c3 d4`), full-width characters (`ｃ３－ｄ４`), × or х for captures. `normaliseMoveText` turns
 * all of that into our notation (`c3-d4`, `c3:e5:g3`); what is still not a move stays not a
 * move, and is refused without being echoed back in full.
 */

import { SQUARE_PATTERN, withoutTrailing } from '../engine/index.js';

/**
 * Longer text is no move (the longest capture on our boards, 20 jumps on 10x10, is under 90
 * characters written strictly, under 130 with spaces around every separator): it is only trimmed and lower-cased, so a pasted essay costs no regex time.
 */
const MAX_MOVE_TEXT = 160;

/** Cyrillic letters read as file letters: by shape (а с е в н) and by sound (б д ф г и й). */
const CYRILLIC_FILES: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'b',
  с: 'c',
  ц: 'c',
  д: 'd',
  е: 'e',
  ё: 'e',
  э: 'e',
  ф: 'f',
  г: 'g',
  н: 'h',
  // The 10-file boards' i and j, by sound.
  и: 'i',
  й: 'j',
};

const DASHES = /[\u2010-\u2015\u2212\u2043\ufe58\ufe63]/g;
const MOVE = new RegExp(`^${SQUARE_PATTERN}([-:x]${SQUARE_PATTERN})+$`);
/** A square followed by spaces and another square ("c3 d4", "b10 c9"). */
const SQUARE_THEN_SPACE = new RegExp(`(${SQUARE_PATTERN})\\s+(?=${SQUARE_PATTERN})`, 'g');

/** Our notation for a typed move (which may still not be a move: see `looksLikeMove`). */
export function normaliseMoveText(text: string): string {
  if (text.length > MAX_MOVE_TEXT) return text.trim().toLowerCase();
  let move = withoutTrailing(text.normalize('NFKC').toLowerCase().trim(), '!?+#.')
    .replace(DASHES, '-')
    .replace(/[×*]/g, 'x');
  move = [...move].map((ch) => CYRILLIC_FILES[ch] ?? ch).join('');
  // Cyrillic х is h before a rank and a capture sign between squares.
  move = move.replace(/х(?=\d)/g, 'h').replace(/х/g, 'x');
  // Separators with spaces around them, or a space alone between two squares.
  move = move.replace(/\s*([-:x])\s*/g, '$1').replace(SQUARE_THEN_SPACE, '$1-');
  return move;
}

/** Whether typed text is a move in form (squares and separators), whatever the position. */
export function looksLikeMove(text: string): boolean {
  return MOVE.test(normaliseMoveText(text));
}

/** A user's text as we may quote it back: one line, at most `max` characters. */
export function quoteBack(text: string, max = 24): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${[...line].slice(0, max - 1).join('')}…`;
}
