import { ButtonStyle, ComponentType } from 'discord.js';
import type { DiscordDeps, InteractionRouter } from '../router.js';

/**
 * Open the board: Discord has no Mini Apps, so whoever presses gets, ephemerally, a link to the
 * live board page signed for them and that game, good for a few minutes (players play there,
 * anyone else watches). The link is never posted where others could take it.
 */
export function boardLinkFeature(router: InteractionRouter, deps: DiscordDeps): void {
  router.button('board-link', 'ephemeral', async (turn, payload) => {
    const maker = deps.boardLink;
    if (maker === undefined) return;
    const user = {
      platform: 'discord' as const,
      userId: turn.player.userId,
      name: turn.player.displayName,
    };
    await turn.answer.respond({
      content: turn.t.discord.boardLinkReady(maker.ttlMinutes),
      components: [
        {
          type: ComponentType.ActionRow,
          components: [
            {
              type: ComponentType.Button,
              style: ButtonStyle.Link,
              label: turn.t.openBoard,
              url: maker.link(user, payload.gameId),
            },
          ],
        },
      ],
    });
  });
}
