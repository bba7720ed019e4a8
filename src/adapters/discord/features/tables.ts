import type { DiscordDeps, InteractionRouter, Turn } from '../router.js';

/** The channel of a press, for the board of a game it starts. */
const pressedIn = (turn: Turn) => ({ platform: 'discord' as const, chatId: turn.channelId });

/**
 * The buttons of a table game's lobby card (Zhernov's four-player game): sit down, stand up,
 * seat the bot at a level, and start a full table. Closing the table is the card's Decline
 * (its maker's cancel). The changes come back as events: the presenter edits the cards, and
 * posts the board when the last seat is taken. Each press is keyed on its interaction: handled
 * twice, it sits (and starts the game) once.
 */
export function tableFeature(router: InteractionRouter, deps: DiscordDeps): void {
  router.button('sit', 'update', async (turn, payload) => {
    await turn.present(
      await deps.service.tables.sit(
        payload.challengeId,
        turn.player,
        pressedIn(turn),
        turn.requestKey,
      ),
    );
  });
  router.button('stand', 'update', async (turn, payload) => {
    await turn.present(await deps.service.tables.stand(payload.challengeId, turn.player));
  });
  router.button('seat-bot', 'update', async (turn, payload) => {
    const name = turn.chatT.botName(payload.level);
    await turn.present(
      await deps.service.tables.seatBot(
        payload.challengeId,
        turn.player,
        payload.level,
        name,
        pressedIn(turn),
        turn.requestKey,
      ),
    );
  });
  router.button('table-start', 'update', async (turn, payload) => {
    await turn.present(
      await deps.service.tables.start(
        payload.challengeId,
        turn.player,
        pressedIn(turn),
        turn.requestKey,
      ),
    );
  });
}
