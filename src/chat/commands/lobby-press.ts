/**
 * A press on a table game's lobby card (Zhernov's four-player game), the same on every platform:
 * sit down, stand up, seat the bot at a level, start a full table. Each is keyed on the press's
 * request key: handled twice, it sits (and starts the game) once.
 */
import type { Challenge, Game, Player } from '../../game/model.js';
import type { AcceptedIn, ServiceResult } from '../../game/results.js';
import type { Seating, Tables } from '../../game/tables.js';
import type { Payload } from '../buttons/button-payload.js';

export type LobbyPayload = Extract<Payload, { kind: 'sit' | 'stand' | 'seat-bot' | 'table-start' }>;

/** Who pressed, where, under which request key; and the bot's name at a level, in their words. */
export interface LobbyPress {
  readonly player: Player;
  readonly chat: AcceptedIn | undefined;
  readonly requestKey: string | undefined;
  readonly botName: (level: number) => string;
}

/** What the press did: a seating, the table after a stand, or the game a full table started. */
export function pressLobby(
  tables: Tables,
  payload: LobbyPayload,
  press: LobbyPress,
): Promise<ServiceResult<Seating | Challenge | Game>> {
  const { player, chat, requestKey } = press;
  const id = payload.challengeId;
  switch (payload.kind) {
    case 'sit':
      return tables.sit(id, player, chat, requestKey);
    case 'stand':
      return tables.stand(id, player);
    case 'seat-bot':
      return tables.seatBot(
        id,
        player,
        payload.level,
        press.botName(payload.level),
        chat,
        requestKey,
      );
    case 'table-start':
      return tables.start(id, player, chat, requestKey);
  }
}
