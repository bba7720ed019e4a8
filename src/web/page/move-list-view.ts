/** The move list `#moves`: numbered lines (move-list.ts), the last ply marked and kept in view. */
import type { BoardView } from '../board-view.js';
import { moveRows, rowNumber } from './move-list.js';

/** Fills the list from a view's moves. */
export function renderMoves(host: HTMLElement, view: BoardView): void {
  const last = view.moves.length - 1;
  const items = moveRows(view).map((row) => {
    const item = document.createElement('li');
    const number = document.createElement('span');
    number.className = 'num';
    number.textContent = rowNumber(row);
    item.append(number);
    for (const { ply, text } of row.plies) {
      const move = document.createElement('span');
      move.className = ply === last ? 'ply last' : 'ply';
      move.dataset.ply = String(ply + 1);
      move.textContent = text;
      item.append(' ', move);
    }
    return item;
  });
  host.replaceChildren(...items);
  // No heading over an empty list before the first move.
  if (host.parentElement !== null) host.parentElement.hidden = items.length === 0;
  // The list scrolls on its own; the page stays where it is.
  host.scrollTop = host.scrollHeight;
}
