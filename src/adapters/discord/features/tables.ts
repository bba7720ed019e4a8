import { pressLobby, type LobbyPayload } from '../../../chat/commands/lobby-press.js';
import type { DiscordDeps, InteractionRouter, Turn } from '../router.js';

/** The channel of a press, for the board of a game it starts. */
const pressedIn = (turn: Turn) => ({ platform: 'discord' as const, chatId: turn.channelId });

/**
 * The buttons of a table game's lobby card (Zhernov's four-player game), pressed as
 * lobby-press.ts says; closing the table is the card's Decline (its maker's cancel). The changes
 * come back as events: the presenter edits the cards, and posts the board when the last seat is
 * taken.
 */
export function tableFeature(router: InteractionRouter, deps: DiscordDeps): void {
  const press = async (turn: Turn, payload: LobbyPayload): Promise<void> => {
    await turn.present(
      await pressLobby(deps.service.tables, payload, {
        player: turn.player,
        chat: pressedIn(turn),
        requestKey: turn.requestKey,
        botName: (level) => turn.chatT.botName(level),
      }),
    );
  };
  router.button('sit', 'update', press);
  router.button('stand', 'update', press);
  router.button('seat-bot', 'update', press);
  router.button('table-start', 'update', press);
}
