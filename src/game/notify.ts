/**
 * When to ping a player whose turn it is — the same in every chat adapter. A board edit
 * notifies nobody, so a ping is a new message; but a ping for every move floods a chat where
 * two people are playing live. So: a player who answers within a couple of minutes is playing
 * live, and the opponent (who moved moments ago) is watching the board — no ping. A slower
 * answer pings at once; and a turn that no ping announced is announced later if the player has
 * not moved by then (the 'turn-nudge' timer).
 */
import type { PendingNudge } from './model.js';

/** A move made within this long after the previous one is live play. */
export const LIVE_REPLY_MS = 2 * 60_000;

/** A turn announced by no ping is announced this long after it began, if still open. */
export const NUDGE_AFTER_MS = 3 * 60_000;

/** Whether a move that took `thinkingMs` to make should ping the player to move. */
export function shouldPing(thinkingMs: number): boolean {
  return thinkingMs >= LIVE_REPLY_MS;
}

/** What a game record keeps of its turn, for pings and the nudge. */
export interface TurnFields {
  /** When the current turn began (the game's start or the last move). */
  readonly turnStartedAt: number;
  /** Whether a ping (or the nudge) has announced the current turn. */
  readonly turnAnnounced: boolean;
  readonly nudge?: PendingNudge;
}

/**
 * The turn fields of a turn that begins at `now`, at `ply`. A game has at most one nudge job
 * outstanding: while an earlier one is still to come it serves the new turn too (it sets itself
 * again when it fires before the turn is due); otherwise an unannounced human turn gets one.
 */
export function newTurn(
  previous: { readonly nudge?: PendingNudge },
  now: number,
  ply: number,
  announced: boolean,
  humanToMove: boolean,
): TurnFields {
  const outstanding =
    previous.nudge !== undefined && previous.nudge.at > now ? previous.nudge : undefined;
  const nudge =
    outstanding ?? (announced || !humanToMove ? undefined : { at: now + NUDGE_AFTER_MS, ply });
  return { turnStartedAt: now, turnAnnounced: announced, nudge };
}

/** The nudge job a record has just asked for: one set at the record's own ply. */
export function nudgeToSchedule(game: {
  readonly nudge?: PendingNudge;
  readonly moves: readonly unknown[];
}): PendingNudge | undefined {
  return game.nudge?.ply === game.moves.length ? game.nudge : undefined;
}

/**
 * Whether a game that has just started should ping White: only when White is the challenger
 * (the acceptor has just tapped Accept) and the challenge waited long enough for them to have
 * left.
 */
export function shouldPingAtStart(challengerIsWhite: boolean, waitedMs: number): boolean {
  return challengerIsWhite && shouldPing(waitedMs);
}
