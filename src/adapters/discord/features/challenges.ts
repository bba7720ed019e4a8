import { ButtonStyle, ComponentType } from 'discord.js';
import { challengeCaption } from '../../../chat/words/board-caption.js';
import { encodePayload } from '../../../chat/buttons/button-payload.js';
import { parseVariant } from '../../../engine/index.js';
import { tableVariant } from '../../../engine/multi/index.js';
import {
  DAYS_PER_MOVE,
  DEFAULT_DAYS_PER_MOVE,
  type Challenge,
  type ChallengeTarget,
  type DaysPerMove,
  lobbySeatOf,
  type GameVariantId,
  type Player,
} from '../../../game/model.js';
import { startedText } from '../../../chat/words/table-caption.js';
import { lobbyButtons, lobbyContent } from '../table-cards.js';
import type { Refusal, ServiceResult } from '../../../game/results.js';
import type { Messages } from '../../../i18n/index.js';
import type { Components } from '../channel-output.js';
import { discordView, mentionOf, nameOf, playerFromUser } from '../identity.js';
import { escapeHtml, markdown } from '../markdown.js';
import type { DiscordDeps, InteractionRouter, Turn } from '../router.js';

/** A variant option's value (an engine id, a table game's too); the default when absent or unknown. */
export function variantOption(value: string | null): GameVariantId {
  if (value === null) return 'bashni';
  const parsed = parseVariant(value);
  if (parsed.ok) return parsed.value.id;
  const table = tableVariant(value);
  return table.ok ? table.value.id : 'bashni';
}

/** A days option: 0 is no clock; absent is the default. */
export function daysOption(value: number | null): DaysPerMove | null {
  if (value === null) return DEFAULT_DAYS_PER_MOVE;
  if (value === 0) return null;
  return (DAYS_PER_MOVE as readonly number[]).includes(value)
    ? (value as DaysPerMove)
    : DEFAULT_DAYS_PER_MOVE;
}

/** The text of a challenge card, mentioning who it is for. */
export function cardText(challenge: Challenge, t: Messages, target?: Player): string {
  const to = target === undefined ? undefined : mentionOf(target);
  return markdown(challengeCaption(challenge, t, { name: nameOf, mention: mentionOf }, to));
}

export function cardButtons(challenge: Challenge, t: Messages): Components {
  return [
    {
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.Button,
          style: ButtonStyle.Success,
          label: t.accept,
          custom_id: encodePayload({ kind: 'accept', challengeId: challenge.id }),
        },
        {
          type: ComponentType.Button,
          style: ButtonStyle.Secondary,
          label: challenge.target.kind === 'open' ? t.cancel : t.decline,
          custom_id: encodePayload({ kind: 'decline', challengeId: challenge.id }),
        },
      ],
    },
  ];
}

/** A challenge lookup's refusal, with "challenge" words for a challenge that is gone. */
function challengeRefusal<T>(result: ServiceResult<T>): ServiceResult<T> {
  if (result.ok || result.code !== 'not-found') return result;
  return { ...result, code: 'challenge-not-found' } satisfies Refusal;
}

/** /newgame, /join and the Accept / Decline buttons of challenge cards. */
export function challengeFeature(router: InteractionRouter, deps: DiscordDeps): void {
  router.command('newgame', 'public', async (turn) => {
    const { interaction, t } = turn;
    if (!interaction.isChatInputCommand()) return;
    const opponent = interaction.options.getUser('opponent');
    if (opponent?.bot === true) {
      await turn.whisper(t.playAgainstMe);
      return;
    }
    const targetPlayer = opponent === null ? undefined : playerFromUser(opponent, undefined);
    const target: ChallengeTarget =
      targetPlayer === undefined ? { kind: 'open' } : { kind: 'user', player: targetPlayer };
    const challenge = await turn.present(
      await deps.service.challenges.create({
        challenger: turn.player,
        target,
        variant: variantOption(interaction.options.getString('variant')),
        daysPerMove: daysOption(interaction.options.getInteger('days')),
        // Rated unless the challenger says not (a table game never is: the service sees to it).
        rated: interaction.options.getBoolean('rated') ?? true,
        // The same interaction handled again is the same challenge.
        requestKey: turn.requestKey,
      }),
    );
    if (challenge === undefined) return;
    await postCard(turn, deps, challenge, targetPlayer);
  });

  router.button('accept', 'update', async (turn, payload) => {
    await turn.present(
      challengeRefusal(
        await deps.service.challenges.accept(
          payload.challengeId,
          turn.player,
          { platform: 'discord', chatId: turn.channelId },
          { requestKey: turn.requestKey },
        ),
      ),
    );
  });

  router.button('decline', 'update', async (turn, payload) => {
    const found = challengeRefusal(await deps.service.queries.getChallenge(payload.challengeId));
    const challenge = await turn.present(found);
    if (challenge === undefined) return;
    const mine = challenge.challenger.userId === turn.player.userId;
    await turn.present(
      challengeRefusal(
        mine
          ? await deps.service.challenges.cancel(challenge.id, turn.player)
          : await deps.service.challenges.decline(challenge.id, turn.player),
      ),
    );
  });
}

/** Answers with the challenge card and records it as the challenge's view. */
async function postCard(
  turn: Turn,
  deps: DiscordDeps,
  challenge: Challenge,
  target: Player | undefined,
): Promise<void> {
  const t = turn.chatT; // the card is the channel's
  const code =
    challenge.inviteCode === undefined ? '' : `\n${markdown(t.inviteCode(challenge.inviteCode))}`;
  const messageId = await turn.answer.respond(
    challenge.seats === undefined
      ? {
          content: `${cardText(challenge, t, target)}${code}`,
          components: cardButtons(challenge, t),
          pings: target === undefined ? [] : [target.userId],
        }
      : { content: lobbyContent(challenge, t), components: lobbyButtons(challenge, t) },
  );
  if (messageId === undefined) return;
  const added = await deps.service.queries.addView(
    { kind: 'challenge', id: challenge.id },
    discordView(turn.channelId, messageId),
  );
  if (!added.ok)
    deps.logger.warn('discord: could not record a challenge card', {
      challengeId: challenge.id,
      code: added.code,
    });
}

/** /join CODE: accepts an invitation made on either platform. */
export function joinFeature(router: InteractionRouter, deps: DiscordDeps): void {
  router.command('join', 'ephemeral', async (turn) => {
    const { interaction, t } = turn;
    const code = interaction.isChatInputCommand() ? interaction.options.getString('code') : null;
    const joined = await deps.service.joinByCode(
      code ?? '',
      turn.player,
      { platform: 'discord', chatId: turn.channelId },
      turn.requestKey,
    );
    if (!joined.ok && joined.code === 'challenge-not-found') {
      await turn.whisper(markdown(t.joinUnknown(escapeHtml((code ?? '').slice(0, 20)))));
      return;
    }
    const value = await turn.present(joined);
    if (value === undefined) return;
    // A table not yet full: the player's seat; a game: who plays it.
    const game = 'challenge' in value ? value.game : value;
    const seat = 'challenge' in value ? lobbySeatOf(value.challenge, turn.player) : undefined;
    const names = { name: mentionOf, mention: mentionOf };
    const content =
      game !== undefined
        ? startedText(game, t, names)
        : seat === undefined
          ? ''
          : t.table.seated(seat);
    if (content !== '') await turn.answer.respond({ content: markdown(content) });
  });
}
