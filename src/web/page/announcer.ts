/**
 * What the page tells the user besides the board: moves announced to screen readers (a hidden
 * live region), and short messages shown in `#message` for a few seconds (refusals, a board
 * that changed meanwhile), announced too: `#message` stays in the page, empty when quiet, as a
 * live region that is hidden and shown is not reliably read.
 */

const MESSAGE_TIME = 5000;

/** The page's two voices: the hidden live region and the visible message line. */
export class Announcer {
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly live: HTMLElement,
    private readonly message: HTMLElement,
  ) {}

  /** Says `text` to screen readers only. */
  say(text: string): void {
    // Re-setting the same text is not announced again; clearing first makes it a change.
    this.live.textContent = '';
    requestAnimationFrame(() => (this.live.textContent = text));
  }

  /** Shows `text` for a while (an error in the error style). */
  show(text: string, error = false): void {
    clearTimeout(this.timer);
    this.message.textContent = text;
    this.message.classList.toggle('error', error);
    this.timer = setTimeout(() => (this.message.textContent = ''), MESSAGE_TIME);
  }

  /** Shows `text` until replaced or cleared (sending, reconnecting). */
  hold(text: string | null): void {
    clearTimeout(this.timer);
    this.message.classList.remove('error');
    this.message.textContent = text ?? '';
  }
}
