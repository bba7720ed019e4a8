import { createHash, randomBytes } from 'node:crypto';
import { PUZZLE_BOARD_PREFIX } from './board-ids.js';

/** What a request can make: each kind's ids have a prefix of their own. */
export type RequestedKind = 'challenge' | 'game' | 'tournament';

const PREFIX: Record<RequestedKind, string> = { challenge: 'c', game: 'g', tournament: 't' };

/**
 * The id of what a request (a chat update's or interaction's key: `tg:<update_id>`,
 * `dc:<interaction id>`) makes: the same request always names the same record, in every process,
 * so a request delivered twice finds the record its first delivery made instead of making a
 * second. 13 characters (72 bits of hash): never one of the 8-character random ids.
 */
export function requestedId(kind: RequestedKind, requestKey: string): string {
  const hash = createHash('sha256').update(`${kind}\n${requestKey}`).digest('base64url');
  return `${PREFIX[kind]}${hash.slice(0, 12)}`;
}

/**
 * A new random id: 8 characters of base64url (48 bits), never one that starts with `p_`,
 * which names a puzzle where a game's id would be (board-ids.ts).
 */
export function randomId(bytes: (size: number) => Buffer = randomBytes): string {
  for (;;) {
    const id = bytes(6).toString('base64url');
    if (!id.startsWith(PUZZLE_BOARD_PREFIX)) return id;
  }
}
