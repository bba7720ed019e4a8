import { Composer, InlineKeyboard } from 'grammy';
import { challengeCaption } from '../../../chat/words/board-caption.js';
import { CASUAL_WORDS, RATED_WORDS, VARIANT_WORDS } from '../../../chat/commands/variant-words.js';
import {
  DAYS_PER_MOVE,
  DEFAULT_DAYS_PER_MOVE,
  lobbySeatOf,
  samePlayer,
  type Challenge,
  type ChallengeTarget,
  type DaysPerMove,
  type GameVariantId,
} from '../../../game/model.js';
import type { Refusal } from '../../../game/results.js';
import type { Messages } from '../../../i18n/index.js';
import type { ButtonRouter } from '../buttons.js';
import { encodePayload } from '../../../chat/buttons/button-payload.js';
import type { BashniContext, TelegramDeps } from '../context.js';
import { escapeHtml, mentionOf, nameOf, playerFromUser } from '../identity.js';
import { bestEffort } from '../../../game/logger.js';
import { lobbyKeyboard, lobbyText } from '../table-cards.js';
import { presentStart } from './tables.js';

export interface NewGameArguments {
  readonly username?: string;
  readonly variant: GameVariantId;
  readonly daysPerMove: DaysPerMove | null;
  /** Rated unless the challenger says `casual` (a table game never is). */
  readonly rated: boolean;
}

/**
 * Reads `/newgame [@user] [variant] [days] [casual]` in any order; undefined when something is
 * off.
 */
export function parseNewGameArguments(text: string): NewGameArguments | undefined {
  let username: string | undefined;
  let variant: GameVariantId = 'bashni';
  let daysPerMove: DaysPerMove | null = DEFAULT_DAYS_PER_MOVE;
  let rated = true;
  for (const token of text
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '')) {
    const word = token.toLowerCase();
    if (/^@[a-z0-9_]{3,32}$/i.test(token) && username === undefined) username = token.slice(1);
    else if (VARIANT_WORDS[word] !== undefined) variant = VARIANT_WORDS[word];
    else if (CASUAL_WORDS.has(word)) rated = false;
    else if (RATED_WORDS.has(word)) rated = true;
    else if (/^\d{1,2}$/.test(word)) {
      const days = Number(word);
      if (days === 0) daysPerMove = null;
      else if ((DAYS_PER_MOVE as readonly number[]).includes(days))
        daysPerMove = days as DaysPerMove;
      else return undefined;
    } else return undefined;
  }
  return { username, variant, daysPerMove, rated };
}

export function challengeCardText(challenge: Challenge, t: Messages, targetName?: string): string {
  const target =
    challenge.target.kind === 'username' ? `@${escapeHtml(challenge.target.username)}` : targetName;
  return challengeCaption(challenge, t, { name: nameOf, mention: mentionOf }, target);
}

function cardKeyboard(challenge: Challenge, t: Messages): InlineKeyboard {
  const accept = encodePayload({ kind: 'accept', challengeId: challenge.id });
  const decline = encodePayload({ kind: 'decline', challengeId: challenge.id });
  return new InlineKeyboard()
    .text(t.accept, accept)
    .text(challenge.target.kind === 'open' ? t.cancel : t.decline, decline);
}

/** A challenge lookup's refusal, with "challenge" words for a challenge that is gone. */
function challengeRefusal(refusal: Refusal): Refusal {
  return refusal.code === 'not-found' ? { ...refusal, code: 'challenge-not-found' } : refusal;
}

/**
 * /newgame, its deep link, /join CODE, and the Accept / Decline buttons of challenge cards.
 * Other deep links of /start (puzzles) go to `openLink`, which says whether it knew the link.
 */
export function challengeFeature(
  deps: TelegramDeps,
  buttons: ButtonRouter,
  openLink: (ctx: BashniContext, parameter: string) => Promise<boolean>,
): Composer<BashniContext> {
  const composer = new Composer<BashniContext>();

  /**
   * Posts a challenge card, once however often the update is delivered, and records it as the
   * challenge's view once it is there. Resolves once it is handed off.
   */
  const postCard = (
    ctx: BashniContext,
    challenge: Challenge,
    text: string,
    keyboard: InlineKeyboard,
  ): Promise<void> =>
    ctx.sayOnce(text, { html: true, keyboard, shows: { kind: 'challenge', id: challenge.id } });

  /** A table's card, with its seats and buttons (in a group or in the private chat). */
  const postLobby = (ctx: BashniContext, challenge: Challenge): Promise<void> =>
    postCard(
      ctx,
      challenge,
      lobbyText(challenge, ctx.t, ctx.me.username),
      lobbyKeyboard(challenge, ctx.t),
    );

  composer.command('newgame', async (ctx) => {
    if (ctx.from === undefined) return;
    const { t } = ctx;
    const args = parseNewGameArguments(ctx.match);
    if (args === undefined) {
      ctx.say(t.newGameUsage);
      return;
    }
    if (
      args.username !== undefined &&
      args.username.toLowerCase() === ctx.me.username.toLowerCase()
    ) {
      ctx.say(t.playAgainstMe);
      return;
    }
    const challenger = playerFromUser(ctx.from);
    let target: ChallengeTarget = { kind: 'open' };
    let targetName: string | undefined;
    const replied = ctx.message?.reply_to_message?.from;
    const textMention = ctx.message?.entities.find((entity) => entity.type === 'text_mention');
    if (args.username !== undefined) target = { kind: 'username', username: args.username };
    else if (textMention?.type === 'text_mention' && !textMention.user.is_bot) {
      target = { kind: 'user', player: playerFromUser(textMention.user) };
      targetName = mentionOf(playerFromUser(textMention.user));
    } else if (replied !== undefined && replied.id === ctx.me.id) {
      ctx.say(t.playAgainstMe);
      return;
    } else if (replied !== undefined && !replied.is_bot && ctx.chat.type !== 'private') {
      target = { kind: 'user', player: playerFromUser(replied) };
      targetName = mentionOf(playerFromUser(replied));
    }
    const created = await deps.service.challenges.create({
      challenger,
      target,
      variant: args.variant,
      daysPerMove: args.daysPerMove,
      rated: args.rated,
      // The same update again (redelivered, or to another process) is the same challenge.
      requestKey: ctx.requestKey,
    });
    // Its events shown too: an earlier challenge it replaces (the same, to the same player) is
    // withdrawn, and its card says so.
    if (!(await ctx.present(created)) || !created.ok) return;
    const challenge = created.value;
    if (challenge.seats !== undefined) {
      await postLobby(ctx, challenge);
      return;
    }
    let keyboard = cardKeyboard(challenge, t);
    let text = challengeCardText(challenge, t, targetName);
    if (target.kind === 'open') {
      // Anyone may take it: here, by the deep link, or by the code (from Discord too).
      const link = `https://t.me/${ctx.me.username}?start=c_${challenge.id}`;
      if (challenge.inviteCode !== undefined)
        text = `${text}\n${t.inviteCode(challenge.inviteCode)}`;
      text = `${text}\n${link}`;
      if (ctx.chat.type === 'private') {
        const share = `https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent(t.shareText)}`;
        keyboard = new InlineKeyboard()
          .url(t.share, share)
          .text(t.cancel, encodePayload({ kind: 'decline', challengeId: challenge.id }));
      }
    }
    await postCard(ctx, challenge, text, keyboard);
  });

  composer.command('start', async (ctx) => {
    const { t } = ctx;
    if (ctx.chat.type === 'private' && ctx.from !== undefined) {
      await bestEffort(
        deps.logger,
        'telegram: could not note that a user started the bot',
        deps.chats.setStarted(String(ctx.from.id), true),
        { userId: ctx.from.id },
      );
    }
    const payload = ctx.match.trim();
    if (!payload.startsWith('c_')) {
      if (payload !== '' && (await openLink(ctx, payload))) return;
      ctx.say(`${t.startPrivate}\n\n${t.help}`);
      return;
    }
    const found = await deps.service.queries.getChallenge(payload.slice(2));
    if (!found.ok) {
      await ctx.present(challengeRefusal(found));
      return;
    }
    const challenge = found.value;
    if (challenge.status !== 'open') {
      ctx.say(t.errors.challengeClosed);
      return;
    }
    if (challenge.seats !== undefined) {
      // A table's card, with its seats and buttons, in the private chat too.
      await postLobby(ctx, challenge);
      return;
    }
    if (ctx.from !== undefined && samePlayer(challenge.challenger, playerFromUser(ctx.from))) {
      // The challenger opened their own link: nothing to accept, only to withdraw.
      await postCard(
        ctx,
        challenge,
        t.challengeYours,
        new InlineKeyboard().text(
          t.cancel,
          encodePayload({ kind: 'decline', challengeId: challenge.id }),
        ),
      );
      return;
    }
    const text = t.challengePrivate(
      nameOf(challenge.challenger),
      t.variant(challenge.variant),
      t.daysPerMove(challenge.daysPerMove),
    );
    // Someone opening an invitation may accept it; declining an open challenge is not theirs.
    const keyboard =
      challenge.target.kind === 'open'
        ? new InlineKeyboard().text(
            t.accept,
            encodePayload({ kind: 'accept', challengeId: challenge.id }),
          )
        : cardKeyboard(challenge, t);
    await postCard(ctx, challenge, text, keyboard);
  });

  composer.command('join', async (ctx) => {
    if (ctx.from === undefined) return;
    const typed = ctx.match.trim();
    if (typed === '') {
      ctx.say(ctx.t.joinUsage);
      return;
    }
    const chat = { platform: 'telegram' as const, chatId: String(ctx.chat.id) };
    const result = await deps.service.joinByCode(
      typed,
      playerFromUser(ctx.from),
      chat,
      ctx.requestKey,
    );
    if (!result.ok && result.code === 'challenge-not-found') {
      ctx.say(ctx.t.joinUnknown(escapeHtml(typed.slice(0, 20))), { parse_mode: 'HTML' });
      return;
    }
    if (!(await presentStart(deps, ctx, result, chat)) || !result.ok) return;
    // A table not yet full: tell the player where they sit (the game's board says the rest).
    const value = result.value;
    if ('challenge' in value && value.game === undefined) {
      const seat = lobbySeatOf(value.challenge, playerFromUser(ctx.from));
      if (seat !== undefined) await ctx.sayOnce(ctx.t.table.seated(seat));
    }
  });

  buttons.on('accept', async (ctx, payload) => {
    const tapped = ctx.callbackQuery?.message?.chat;
    const chat =
      tapped === undefined
        ? undefined
        : { platform: 'telegram' as const, chatId: String(tapped.id) };
    const result = await deps.service.challenges.accept(
      payload.challengeId,
      playerFromUser(ctx.from!),
      chat,
      { requestKey: ctx.requestKey },
    );
    await presentStart(deps, ctx, result.ok ? result : challengeRefusal(result), chat);
  });

  buttons.on('decline', async (ctx, payload) => {
    const player = playerFromUser(ctx.from!);
    const challenge = await deps.service.queries.getChallenge(payload.challengeId);
    if (!challenge.ok) {
      await ctx.present(challengeRefusal(challenge));
      return;
    }
    const mine = samePlayer(challenge.value.challenger, player);
    const result = mine
      ? await deps.service.challenges.cancel(payload.challengeId, player)
      : await deps.service.challenges.decline(payload.challengeId, player);
    await ctx.present(result.ok ? result : challengeRefusal(result));
  });

  return composer;
}
