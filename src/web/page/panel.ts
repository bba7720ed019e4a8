/**
 * Everything round the board that comes from the view: the players (colour, name, bot level,
 * who is you, whose turn, the clock), the status line (whose turn, or the result), and the
 * draw and resign buttons as the game allows them.
 */
import type { BoardView } from '../board-view.js';
import { countdownText } from './countdown.js';
import type { Words } from './words.js';

/** The time shown on the clock of the side to move; null without a clock. */
export function clockText(view: BoardView, words: Words, elapsed: number): string | null {
  if (view.status !== 'active' || view.deadline === null) return null;
  return countdownText(words, view.deadline, view.serverTime, elapsed);
}

/** The players' lines. */
export function renderPlayers(
  host: HTMLElement,
  view: BoardView,
  words: Words,
  elapsed: number,
): void {
  const items = view.seats.map((seat) => {
    const item = document.createElement('li');
    item.className = 'seat';
    item.dataset.color = seat.color;
    const turn = view.status === 'active' && view.toMove === seat.color;
    if (turn) item.setAttribute('aria-current', 'true');
    const chip = document.createElement('span');
    chip.className = `chip chip-${seat.color}`;
    chip.setAttribute('role', 'img');
    chip.setAttribute('aria-label', words.side(seat.color));
    const name = document.createElement('span');
    name.className = 'name';
    name.textContent = seat.name;
    const notes: string[] = [];
    if (seat.color === view.you) notes.push(words.you);
    if (seat.botLevel !== undefined) notes.push(words.bot(seat.botLevel));
    const meta = document.createElement('span');
    meta.className = 'meta';
    meta.textContent = notes.length > 0 ? `(${notes.join(', ')})` : '';
    const clock = document.createElement('span');
    clock.className = 'clock';
    if (turn) clock.textContent = clockText(view, words, elapsed) ?? '';
    else if (view.status === 'active' && view.daysPerMove !== null) {
      clock.textContent = words.perMove(view.daysPerMove);
    }
    item.append(chip, name, meta, clock);
    return item;
  });
  host.replaceChildren(...items);
}

/** Updates only the running clock (every second; the rest changes with a view). */
export function tickClock(host: HTMLElement, view: BoardView, words: Words, elapsed: number): void {
  const clock = host.querySelector<HTMLElement>('.seat[aria-current="true"] .clock');
  const text = clockText(view, words, elapsed);
  if (clock !== null && text !== null && clock.textContent !== text) clock.textContent = text;
}

/** The status line: the result once the game is over, else whose turn (and a standing offer). */
export function statusText(view: BoardView, words: Words): string {
  const puzzle = view.puzzle;
  if (puzzle !== undefined) {
    if (view.status === 'active' || view.result === null)
      return view.you === null ? '' : words.puzzleTask(view.you, puzzle.goal);
    return view.result.reason === 'solved'
      ? words.puzzleSolved
      : words.puzzleWrong(puzzle.expected ?? '');
  }
  if (view.status === 'finished') {
    const result = view.result;
    if (result === null) return words.draw;
    const outcome = result.winner === null ? words.draw : words.won(result.winner);
    const reason = words.reason(result.reason);
    return reason === undefined ? outcome : `${outcome} · ${reason}`;
  }
  const parts: string[] = [];
  if (view.toMove !== null) {
    parts.push(
      view.you !== null && view.you === view.toMove ? words.yourMove : words.toMove(view.toMove),
    );
  }
  if (view.drawOffer !== null && view.drawOffer !== view.you) {
    parts.push(words.drawOfferedBy(view.drawOffer));
  }
  return parts.join(' · ');
}

/** The draw and resign buttons as the view allows them. */
export function renderActions(
  draw: HTMLButtonElement,
  resign: HTMLButtonElement,
  view: BoardView,
  words: Words,
  busy: boolean,
): void {
  // A puzzle is solved or not: nothing to offer, nobody to resign to.
  const playing = view.status === 'active' && view.you !== null && view.puzzle === undefined;
  draw.hidden = !playing || view.table;
  resign.hidden = !playing;
  resign.textContent = words.resign;
  resign.disabled = busy;
  if (view.drawOffer === null) draw.textContent = words.offerDraw;
  else if (view.drawOffer === view.you) draw.textContent = words.drawOffered;
  else draw.textContent = words.acceptDraw;
  draw.disabled = busy || (view.drawOffer !== null && view.drawOffer === view.you);
}
