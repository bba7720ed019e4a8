/**
 * When to ping a player whose turn it is — the same in every chat adapter. A board edit
 * notifies nobody, so a ping is a new message; but a ping for every move floods a chat where
 * two people are playing live. So: a player who answers within a couple of minutes is playing
 * live, and the opponent (who moved moments ago) is watching the board — no ping. A slower
 * answer pings at once; and a turn that no ping announced is announced later if the player has
 * not moved by then (the 'turn-nudge' timer).
 */

/** A move made within this long after the previous one is live play. */
export const LIVE_REPLY_MS = 2 * 60_000;

/** A turn announced by no ping is announced this long after it began, if still open. */
export const NUDGE_AFTER_MS = 3 * 60_000;

/** Whether a move that took `thinkingMs` to make should ping the player to move. */
export function shouldPing(thinkingMs: number): boolean {
  return thinkingMs >= LIVE_REPLY_MS;
}

/**
 * Whether a game that has just started should ping White: only when White is the challenger
 * (the acceptor has just tapped Accept) and the challenge waited long enough for them to have
 * left.
 */
export function shouldPingAtStart(challengerIsWhite: boolean, waitedMs: number): boolean {
  return challengerIsWhite && shouldPing(waitedMs);
}
