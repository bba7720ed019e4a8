/**
 * Live updates: an EventSource on the game's `live` address. The server sends the whole view
 * as a `view` event right after connecting and on every change, so a reconnect (the browser's
 * own, or ours after the server closed the stream) catches up by itself.
 */
import type { BoardView } from '../board-view.js';

/** Waits before reopening a stream the server closed, growing to a minute. */
const REOPEN_DELAYS = [1000, 3000, 10_000, 30_000, 60_000];

/** Follows a game; answers a function that stops following. */
export function follow(
  url: string,
  onView: (view: BoardView) => void,
  onConnected: (connected: boolean) => void,
): () => void {
  let source: EventSource | null = null;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const open = () => {
    source = new EventSource(url);
    source.addEventListener('open', () => {
      failures = 0;
      onConnected(true);
    });
    source.addEventListener('view', (event) => {
      try {
        onView(JSON.parse((event as MessageEvent<string>).data) as BoardView);
      } catch {
        // A torn event is followed by the next whole view; nothing to show for it.
      }
    });
    source.addEventListener('error', () => {
      onConnected(false);
      // CONNECTING: the browser retries by itself. CLOSED: it gave up, so we do.
      if (source?.readyState !== EventSource.CLOSED || stopped) return;
      const delay = REOPEN_DELAYS[Math.min(failures, REOPEN_DELAYS.length - 1)]!;
      failures++;
      timer = setTimeout(open, delay);
    });
  };
  open();
  return () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
  };
}
