import { Composer, InlineKeyboard, type Context } from 'grammy';
import type { VariantId } from '../../../engine/index.js';
import {
  DAYS_PER_MOVE,
  type Challenge,
  type ChallengeTarget,
  type DaysPerMove,
} from '../../../game/model.js';
import { languageFor, type Messages } from '../../../i18n/index.js';
import { decodePayload, encodePayload } from '../callback-data.js';
import { refusalText, replyContext, type TelegramDeps } from '../deps.js';
import { escapeHtml, mentionOf, nameOf, playerFromUser, telegramView } from '../identity.js';

/** Days per move of a challenge that does not say. */
export const DEFAULT_DAYS: DaysPerMove = 3;

/** Variant names people type, in English and Russian. */
export const VARIANT_WORDS: Record<string, VariantId> = {
  bashni: 'bashni',
  башни: 'bashni',
  towers: 'bashni',
  stolby: 'stolby',
  столбы: 'stolby',
  laska: 'laska',
  ласка: 'laska',
  giveaway: 'giveaway',
  поддавки: 'giveaway',
};

export interface NewGameArguments {
  readonly username?: string;
  readonly variant: VariantId;
  readonly daysPerMove: DaysPerMove | null;
}

/** Reads `/newgame [@user] [variant] [days]` in any order; undefined when something is off. */
export function parseNewGameArguments(text: string): NewGameArguments | undefined {
  let username: string | undefined;
  let variant: VariantId = 'bashni';
  let daysPerMove: DaysPerMove | null = DEFAULT_DAYS;
  for (const token of text
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '')) {
    const word = token.toLowerCase();
    if (/^@[a-z0-9_]{3,32}$/i.test(token) && username === undefined) username = token.slice(1);
    else if (VARIANT_WORDS[word] !== undefined) variant = VARIANT_WORDS[word];
    else if (/^\d{1,2}$/.test(word)) {
      const days = Number(word);
      if (days === 0) daysPerMove = null;
      else if ((DAYS_PER_MOVE as readonly number[]).includes(days))
        daysPerMove = days as DaysPerMove;
      else return undefined;
    } else return undefined;
  }
  return { username, variant, daysPerMove };
}

export function challengeCardText(challenge: Challenge, t: Messages, targetName?: string): string {
  const challenger = mentionOf(challenge.challenger);
  const variant = t.variant(challenge.variant);
  const clock = t.daysPerMove(challenge.daysPerMove);
  switch (challenge.target.kind) {
    case 'open':
      return t.challengeOpen(challenger, variant, clock);
    case 'username':
      return t.challengeTo(challenger, `@${escapeHtml(challenge.target.username)}`, variant, clock);
    case 'user':
      return t.challengeTo(challenger, targetName ?? t.white, variant, clock);
  }
}

function cardKeyboard(challenge: Challenge, t: Messages): InlineKeyboard {
  const accept = encodePayload({ kind: 'accept', challengeId: challenge.id });
  const decline = encodePayload({ kind: 'decline', challengeId: challenge.id });
  return new InlineKeyboard()
    .text(t.accept, accept)
    .text(challenge.target.kind === 'open' ? t.cancel : t.decline, decline);
}

/** /newgame, its deep link, and the Accept / Decline buttons of challenge cards. */
export function challengeFeature(deps: TelegramDeps): Composer<Context> {
  const composer = new Composer<Context>();

  composer.command('newgame', async (ctx) => {
    const { t, settings } = await replyContext(ctx, deps);
    if (ctx.from === undefined) return;
    // A chat takes the language of the first person who starts a game in it, until /lang.
    if (settings.lang === undefined) {
      await deps.chats
        .updateSettings(ctx.chat.id, { lang: languageFor(ctx.from.language_code) })
        .catch(() => undefined);
    }
    const args = parseNewGameArguments(ctx.match);
    if (args === undefined) {
      await ctx.reply(t.newGameUsage);
      return;
    }
    const challenger = playerFromUser(ctx.from);
    let target: ChallengeTarget = { kind: 'open' };
    let targetName: string | undefined;
    const replied = ctx.message?.reply_to_message?.from;
    const textMention = ctx.message?.entities?.find((entity) => entity.type === 'text_mention');
    if (args.username !== undefined) target = { kind: 'username', username: args.username };
    else if (textMention?.type === 'text_mention' && !textMention.user.is_bot) {
      target = { kind: 'user', player: playerFromUser(textMention.user) };
      targetName = mentionOf(playerFromUser(textMention.user));
    } else if (replied !== undefined && !replied.is_bot && ctx.chat.type !== 'private') {
      target = { kind: 'user', player: playerFromUser(replied) };
      targetName = mentionOf(playerFromUser(replied));
    }
    const created = await deps.service.createChallenge({
      challenger,
      target,
      variant: args.variant,
      daysPerMove: args.daysPerMove,
    });
    if (!created.ok) {
      await ctx.reply(refusalText(t, created));
      return;
    }
    const challenge = created.value;
    let keyboard = cardKeyboard(challenge, t);
    let text = challengeCardText(challenge, t, targetName);
    if (ctx.chat.type === 'private' && target.kind === 'open') {
      const link = `https://t.me/${ctx.me.username}?start=c_${challenge.id}`;
      const share = `https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent(t.shareText)}`;
      keyboard = new InlineKeyboard()
        .url(t.share, share)
        .text(t.cancel, encodePayload({ kind: 'decline', challengeId: challenge.id }));
      text = `${text}\n${link}`;
    }
    const sent = await ctx.reply(text, { parse_mode: 'HTML', reply_markup: keyboard });
    await deps.service.addView(
      { kind: 'challenge', id: challenge.id },
      telegramView(sent.chat.id, sent.message_id),
    );
  });

  composer.command('start', async (ctx) => {
    const { t } = await replyContext(ctx, deps);
    if (ctx.chat.type === 'private' && ctx.from !== undefined) {
      await deps.chats.setStarted(String(ctx.from.id), true).catch(() => undefined);
    }
    const payload = ctx.match.trim();
    if (!payload.startsWith('c_')) {
      await ctx.reply(`${t.startPrivate}\n\n${t.help}`);
      return;
    }
    const found = await deps.service.getChallenge(payload.slice(2));
    if (!found.ok) {
      await ctx.reply(refusalText(t, found));
      return;
    }
    const challenge = found.value;
    if (challenge.status !== 'open') {
      await ctx.reply(t.errors.challengeClosed);
      return;
    }
    const text = t.challengePrivate(
      nameOf(challenge.challenger),
      t.variant(challenge.variant),
      t.daysPerMove(challenge.daysPerMove),
    );
    const sent = await ctx.reply(text, {
      parse_mode: 'HTML',
      reply_markup: cardKeyboard(challenge, t),
    });
    await deps.service.addView(
      { kind: 'challenge', id: challenge.id },
      telegramView(sent.chat.id, sent.message_id),
    );
  });

  composer.on('callback_query:data', async (ctx, next) => {
    const payload = decodePayload(ctx.callbackQuery.data);
    if (payload?.kind !== 'accept' && payload?.kind !== 'decline') return next();
    const { t } = await replyContext(ctx, deps);
    const player = playerFromUser(ctx.from);
    let result;
    if (payload.kind === 'accept')
      result = await deps.service.acceptChallenge(payload.challengeId, player);
    else {
      const challenge = await deps.service.getChallenge(payload.challengeId);
      const mine = challenge.ok && challenge.value.challenger.userId === player.userId;
      result = mine
        ? await deps.service.cancelChallenge(payload.challengeId, player)
        : await deps.service.declineChallenge(payload.challengeId, player);
    }
    if (!result.ok) {
      await ctx.answerCallbackQuery({ text: refusalText(t, result), show_alert: true });
      return;
    }
    await ctx.answerCallbackQuery();
    await deps.presenter.handle(result.events);
  });

  return composer;
}
