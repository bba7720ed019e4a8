/**
 * The full-page message that replaces the board when it cannot be shown: a refused or expired
 * sign-in, a game that does not exist, Telegram not answering. Says what to do next.
 */
import type { Words } from './words.js';

/** Replaces the page with the message for `code` (and, for an unknown one, its own sentence). */
export function showFatal(words: Words, code: string, detail?: string): void {
  const { title, text } = words.fatal(code);
  const box = document.createElement('main');
  box.id = 'fatal';
  box.setAttribute('role', 'alert');
  const heading = document.createElement('h1');
  heading.textContent = title;
  const body = document.createElement('p');
  body.textContent = text;
  box.append(heading, body);
  // An unknown refusal's own sentence helps whoever reports it.
  if (
    detail !== undefined &&
    detail !== '' &&
    detail !== code &&
    words.fatal(code).title === words.fatal('').title
  ) {
    const more = document.createElement('p');
    more.className = 'detail';
    more.textContent = detail;
    box.append(more);
  }
  document.body.replaceChildren(box);
  document.body.dataset.fatal = code;
}
