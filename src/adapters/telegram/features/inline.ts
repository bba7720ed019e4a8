import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { Composer } from 'grammy';
import type {
  InlineKeyboardMarkup,
  InlineQueryResult,
  InlineQueryResultArticle,
  InlineQueryResultPhoto,
} from 'grammy/types';
import { LRUCache } from 'lru-cache';
import {
  encodePayload,
  inlineTermsText,
  type InlineTerms,
  type Payload,
} from '../../../chat/buttons/button-payload.js';
import { escapeHtml } from '../../../chat/words/escape-html.js';
import { puzzleHeading, solverSide } from '../../../chat/words/puzzle-text.js';
import { VARIANT_WORDS } from '../../../chat/commands/variant-words.js';
import { parseFen, startPosition, type VariantId } from '../../../engine/index.js';
import { dayIn } from '../../../game/daily-schedule.js';
import { bestEffort } from '../../../game/logger.js';
import {
  DAYS_PER_MOVE,
  samePlayer,
  type Challenge,
  type DaysPerMove,
  type GameVariantId,
  type Player,
} from '../../../game/model.js';
import { puzzlePosition } from '../../../game/puzzle-solving.js';
import { rulesOf } from '../../../game/rules-strategy.js';
import type { ServiceResult } from '../../../game/results.js';
import type { Lang, Messages } from '../../../i18n/index.js';
import { personalLanguage } from '../../../chat/presenting/chat-settings.js';
import type { ChatSettings } from '../chat-state.js';
import type { ButtonRouter } from '../buttons.js';
import type { BashniContext, TelegramDeps } from '../context.js';
import { inlineView, nameOf, playerFromUser } from '../identity.js';
import type { MediaLinks } from '../media.js';
import { fitCaption, startLink } from '../puzzle-message.js';
import { parseNewGameArguments } from './challenges.js';
import { tappedView } from './moves.js';

export interface InlineOptions {
  /** Signed picture URLs; without them inline queries get only a "play in private" button. */
  readonly media?: MediaLinks;
  /** The key inline cards' buttons are signed with (see mediaKey: the token or a secret). */
  readonly key: Buffer;
  readonly botUsername: () => string;
}

/** How long Telegram may keep an answer: results that name nobody, and a user's own card. */
const SHARED_CACHE_SECONDS = 300;
const PERSONAL_CACHE_SECONDS = 60;
/** Characters of an inline card's signature (see button-payload.ts: exactly 12). */
const SIG_LENGTH = 12;
/** Words that ask for the day's puzzle. */
const PUZZLE_WORDS = new Set(['puzzle', 'задача', 'задачка', 'пазл']);
/** Words after a number of days ("ласка 5 дней"): the number says it all. */
const DAY_WORDS = new Set(['d', 'day', 'days', 'день', 'дня', 'дней', 'дн', 'дн.']);

/** The ids of an inline card's challenge and game: from the inline message, the same everywhere. */
export function inlineIds(inlineMessageId: string): { challengeId: string; gameId: string } {
  const hash = createHash('sha256').update(inlineMessageId).digest('base64url').slice(0, 14);
  return { challengeId: `ic${hash}`, gameId: `ig${hash}` };
}

/** What a challenge card offers, as the query says it. */
interface CardTerms {
  readonly variant: GameVariantId;
  readonly daysPerMove: DaysPerMove | null;
  readonly rated: boolean;
}

/** What an inline query asks for. */
type Asked =
  | { readonly kind: 'card'; readonly terms: CardTerms; readonly puzzle: boolean }
  | { readonly kind: 'puzzle' }
  | { readonly kind: 'position'; readonly variant: VariantId; readonly fen: string }
  | { readonly kind: 'bad-fen'; readonly why: string }
  | { readonly kind: 'table' }
  | { readonly kind: 'usage' };

/** Reads an inline query: a challenge's terms, "puzzle", or a FEN (a variant word may lead). */
export function readInlineQuery(text: string): Asked {
  const words = text
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '');
  if (words.length === 1 && PUZZLE_WORDS.has(words[0]!.toLowerCase())) return { kind: 'puzzle' };
  if (text.includes(':') && /^\s*(\S+\s+)?[WB]:/i.test(text)) {
    const first = words[0]!.toLowerCase();
    const variant = VARIANT_WORDS[first];
    const fen = variant === undefined ? text.trim() : words.slice(1).join(' ');
    const rules = rulesOf(variant ?? 'bashni');
    if (rules.kind === 'table') return { kind: 'table' };
    const parsed = parseFen(fen, rules.variant);
    return parsed.ok
      ? { kind: 'position', variant: rules.variant, fen }
      : { kind: 'bad-fen', why: parsed.error.message };
  }
  const args = parseNewGameArguments(
    words.filter((word) => !DAY_WORDS.has(word.toLowerCase())).join(' '),
  );
  if (args === undefined || args.username !== undefined) return { kind: 'usage' };
  if (rulesOf(args.variant).joining === 'sit-down') return { kind: 'table' };
  return {
    kind: 'card',
    terms: { variant: args.variant, daysPerMove: args.daysPerMove, rated: args.rated },
    puzzle: words.length === 0,
  };
}

/** The signature of a card's terms (base64url, SIG_LENGTH characters). */
function signTerms(key: Buffer, terms: Omit<InlineTerms, 'sig'>): string {
  return createHmac('sha256', key)
    .update(`inline-card|${inlineTermsText(terms)}`)
    .digest('base64url')
    .slice(0, SIG_LENGTH);
}

function termsOf(terms: CardTerms, challengerId: string, key: Buffer): InlineTerms {
  const unsigned = {
    variant: terms.variant,
    days: terms.daysPerMove ?? 0,
    rated: terms.rated,
    challengerId,
  };
  return { ...unsigned, sig: signTerms(key, unsigned) };
}

/** A card's terms from its signed payload; undefined when the signature or the terms are off. */
function verifiedTerms(payload: InlineTerms, key: Buffer): CardTerms | undefined {
  let expected: Buffer;
  try {
    expected = Buffer.from(signTerms(key, payload));
  } catch {
    return undefined;
  }
  const given = Buffer.from(payload.sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  if (!isVariant(payload.variant)) return undefined;
  const days = payload.days === 0 ? null : payload.days;
  if (days !== null && !(DAYS_PER_MOVE as readonly number[]).includes(days)) return undefined;
  return {
    variant: payload.variant as GameVariantId,
    daysPerMove: days as DaysPerMove | null,
    rated: payload.rated,
  };
}

function isVariant(id: string): boolean {
  return Object.values(VARIANT_WORDS).includes(id as GameVariantId);
}

/** A result id carries a card's terms, so chosen_inline_result can record the card. */
function cardResultId(terms: CardTerms): string {
  return `c:${terms.variant}:${terms.daysPerMove ?? 0}:${terms.rated ? 1 : 0}`;
}

function termsOfResultId(id: string): CardTerms | undefined {
  const match = /^c:([a-z0-9-]{1,24}):(\d{1,2}):([01])$/.exec(id);
  if (match === null) return undefined;
  const [, variant = '', daysText = '', rated] = match;
  if (!isVariant(variant)) return undefined;
  const days = Number(daysText);
  if (days !== 0 && !(DAYS_PER_MOVE as readonly number[]).includes(days)) return undefined;
  return {
    variant: variant as GameVariantId,
    daysPerMove: days === 0 ? null : (days as DaysPerMove),
    rated: rated === '1',
  };
}

function clockText(terms: CardTerms, t: Messages): string {
  const days = t.daysPerMove(terms.daysPerMove);
  return terms.rated ? `${days}, ${t.league.ratedWord}` : days;
}

/**
 * Telegram's inline mode: `@bot …` in any chat offers a challenge card (the first to press
 * Accept plays, in that very message), the day's puzzle (solved in the private chat), or a
 * position drawn from a FEN. Pictures come by signed URL (media.ts); without TELEGRAM_MEDIA_URL
 * the bot answers with a button to its private chat only. Cards are recorded on
 * chosen_inline_result and, should that be late or lost, from their signed Accept or Cancel.
 */
export function inlineFeature(
  deps: TelegramDeps,
  buttons: ButtonRouter,
  options: InlineOptions,
): Composer<BashniContext> {
  const composer = new Composer<BashniContext>();
  const { media, key } = options;
  /** Shared answers (no user in them) by language and query. */
  const answers = new LRUCache<string, InlineQueryResult[]>({ max: 500, ttl: 300_000 });
  /** Users whose profile was stored lately (one write an hour, not one a keystroke). */
  const profiled = new LRUCache<string, true>({ max: 10_000, ttl: 3_600_000 });

  composer.on('inline_query', async (ctx) => {
    const { t } = ctx;
    const query = ctx.inlineQuery.query;
    const answer = async (results: InlineQueryResult[], other: object) => {
      try {
        await ctx.answerInlineQuery(results, other);
      } catch (error) {
        // Answered too late (after a restart, or a slow Telegram): the user types on.
        deps.logger.warn('telegram: could not answer an inline query', { err: error });
      }
    };
    if (media === undefined) {
      await answer([], {
        cache_time: SHARED_CACHE_SECONDS,
        button: { text: t.inline.playInPrivate, start_parameter: 'inline' },
      });
      return;
    }
    const player = playerFromUser(ctx.from);
    if (!profiled.has(player.userId)) {
      profiled.set(player.userId, true);
      await bestEffort(
        deps.logger,
        'telegram: could not store a user’s profile',
        deps.chats.setProfile(player),
        { userId: player.userId },
      );
    }
    const asked = readInlineQuery(query);
    const lang = cardLanguage(ctx.settings, player);
    const sharedKey = `${lang}\n${dayIn('UTC', deps.clock.now())}\n${asked.kind === 'card' ? (asked.puzzle ? 'card+puzzle' : 'card') : query.trim()}`;
    let shared = answers.get(sharedKey);
    if (shared === undefined) {
      shared = sharedResults(asked, t, media, deps, options.botUsername());
      answers.set(sharedKey, shared);
    }
    if (asked.kind !== 'card') {
      await answer(shared, { cache_time: SHARED_CACHE_SECONDS });
      return;
    }
    const card = cardResult(asked.terms, player, t, media, key);
    await answer([card, ...shared], { cache_time: PERSONAL_CACHE_SECONDS, is_personal: true });
  });

  composer.on('chosen_inline_result', async (ctx) => {
    const chosen = ctx.chosenInlineResult;
    const terms = termsOfResultId(chosen.result_id);
    if (terms === undefined || chosen.inline_message_id === undefined) return;
    const recorded = await ensureChallenge(
      deps,
      chosen.inline_message_id,
      playerFromUser(chosen.from),
      terms,
    );
    if (!recorded.ok)
      deps.logger.warn('telegram: could not record an inline challenge card', {
        code: recorded.code,
      });
  });

  /** A card's Accept or Cancel: verified, its record made if it is missing. */
  const cardChallenge = async (
    ctx: BashniContext,
    payload: Extract<Payload, { kind: 'inline-accept' | 'inline-cancel' }>,
  ): Promise<{ challenge: Challenge; inlineId: string } | undefined> => {
    const inlineId = ctx.callbackQuery?.inline_message_id;
    const terms = verifiedTerms(payload, key);
    if (inlineId === undefined || terms === undefined) {
      await ctx.answer(ctx.own.errors.unknownButton, true);
      return undefined;
    }
    const known = await deps.chats.profile(payload.challengerId);
    const challenger: Player = known ?? {
      platform: 'telegram',
      userId: payload.challengerId,
      displayName: payload.challengerId,
    };
    const found = await ensureChallenge(deps, inlineId, challenger, terms);
    if (!found.ok) {
      await ctx.present(found);
      return undefined;
    }
    return { challenge: found.value, inlineId };
  };

  buttons.on('inline-accept', async (ctx, payload) => {
    const card = await cardChallenge(ctx, payload);
    if (card === undefined) return;
    const { challenge, inlineId } = card;
    const acceptor = playerFromUser(ctx.from!);
    if (samePlayer(challenge.challenger, acceptor)) {
      await ctx.answer(ctx.own.inline.ownCard, true);
      return;
    }
    if (challenge.status === 'accepted') {
      await ctx.answer(ctx.own.inline.taken, true);
      return;
    }
    const { gameId } = inlineIds(inlineId);
    const result = await deps.service.challenges.accept(challenge.id, acceptor, undefined, {
      gameId,
      views: [inlineView(inlineId)],
    });
    if (!result.ok && result.code === 'challenge-closed') {
      // Someone was quicker (another tap, another process).
      const now = await deps.service.queries.getChallenge(challenge.id);
      if (now.ok && now.value.status === 'accepted') {
        await ctx.answer(ctx.own.inline.taken, true);
        return;
      }
    }
    await ctx.present(result);
  });

  buttons.on('inline-cancel', async (ctx, payload) => {
    const card = await cardChallenge(ctx, payload);
    if (card === undefined) return;
    const player = playerFromUser(ctx.from!);
    if (!samePlayer(card.challenge.challenger, player)) {
      await ctx.answer(ctx.own.inline.onlyChallenger, true);
      return;
    }
    await ctx.present(await deps.service.challenges.cancel(card.challenge.id, player));
  });

  // What commands do elsewhere, as buttons on boards no command can reach (inline boards).
  buttons.on('draw-offer', async (ctx, payload) => {
    const loaded = await deps.service.queries.getGame(payload.gameId);
    if (loaded.ok && loaded.value.moves.length !== payload.ply) {
      await ctx.answer(ctx.own.errors.stale, true);
      return;
    }
    await ctx.present(
      await deps.service.endings.offerDraw(payload.gameId, playerFromUser(ctx.from!)),
    );
  });

  buttons.on('resign-ask', async (ctx, payload) => {
    const view = tappedView(ctx);
    const loaded = await deps.service.queries.getGame(payload.gameId);
    if (!loaded.ok) {
      await ctx.present(loaded);
      return;
    }
    const game = deps.presenter.note(loaded.value);
    if (game.status !== 'active' || game.moves.length !== payload.ply || view === undefined) {
      await ctx.answer(game.status === 'active' ? ctx.t.errors.stale : ctx.t.errors.gameOver, true);
      if (view !== undefined) await deps.presenter.surface.showBoard(game, view);
      return;
    }
    const player = playerFromUser(ctx.from!);
    const seat = [game.white, game.black].find((p) => samePlayer(p, player));
    if (seat === undefined) {
      await ctx.answer(ctx.own.errors.notAPlayer, true);
      return;
    }
    await ctx.answer();
    const userId = player.userId;
    const keyboard: InlineKeyboardMarkup = {
      inline_keyboard: [
        [
          {
            text: ctx.t.resignYes,
            callback_data: encodePayload({
              kind: 'resign',
              gameId: game.id,
              ply: game.moves.length,
              userId,
            }),
          },
          {
            text: ctx.t.back,
            callback_data: encodePayload({ kind: 'back', gameId: game.id, ply: game.moves.length }),
          },
        ],
      ],
    };
    await deps.presenter.surface.showBoard(game, view, keyboard);
  });

  return composer;
}

/**
 * The card's challenge: found, or made now (from chosen_inline_result, or from a button when
 * that update was late or lost) with the id the inline message gives it — so that two
 * processes, or a card recorded twice, make one.
 */
async function ensureChallenge(
  deps: TelegramDeps,
  inlineId: string,
  challenger: Player,
  terms: CardTerms,
): Promise<ServiceResult<Challenge>> {
  const { challengeId } = inlineIds(inlineId);
  const found = await deps.service.queries.getChallenge(challengeId);
  if (found.ok || found.code !== 'challenge-not-found') return found;
  const created = await deps.service.challenges.create({
    id: challengeId,
    challenger,
    target: { kind: 'open' },
    variant: terms.variant,
    daysPerMove: terms.daysPerMove,
    rated: terms.rated,
    views: [inlineView(inlineId)],
  });
  // The same card recorded meanwhile (another process) comes back as it is, `repeated`.
  if (created.ok) {
    // The card keeps the language it was made in, whoever accepts it (see docs/settings.md).
    const lang = cardLanguage(await deps.chats.settings(challenger.userId), challenger);
    await bestEffort(
      deps.logger,
      'telegram: could not note an inline card’s language',
      deps.chats.updateSettings(inlineView(inlineId).chatId, { lang }),
      { challengeId },
    );
  }
  return created;
}

/** The language of a card: its maker's own (their private chat's setting, else their locale). */
function cardLanguage(own: ChatSettings, maker: Player): Lang {
  return personalLanguage(own, { locale: maker.language, privateChat: true, admin: false });
}

/** A challenge card: the start position, who offers what, Accept and Withdraw (both signed). */
function cardResult(
  terms: CardTerms,
  challenger: Player,
  t: Messages,
  media: MediaLinks,
  key: Buffer,
): InlineQueryResultPhoto {
  const url = media.positionUrl(startPosition(terms.variant as VariantId), 'white');
  const signed = termsOf(terms, challenger.userId, key);
  const variant = t.variant(terms.variant);
  const clock = clockText(terms, t);
  return {
    type: 'photo',
    id: cardResultId(terms),
    photo_url: url,
    thumbnail_url: url,
    title: t.inline.cardTitle(variant, clock),
    description: t.inline.cardDescription(clock),
    caption: t.inline.card(nameOf(challenger), variant, clock),
    parse_mode: 'HTML',
    reply_markup: {
      inline_keyboard: [
        [
          { text: t.accept, callback_data: encodePayload({ kind: 'inline-accept', ...signed }) },
          { text: t.cancel, callback_data: encodePayload({ kind: 'inline-cancel', ...signed }) },
        ],
      ],
    },
  };
}

/** The results that name nobody (cached per query and language). */
function sharedResults(
  asked: Asked,
  t: Messages,
  media: MediaLinks,
  deps: TelegramDeps,
  botUsername: string,
): InlineQueryResult[] {
  switch (asked.kind) {
    case 'card':
      return asked.puzzle ? puzzleResults(t, media, deps, botUsername) : [];
    case 'puzzle':
      return puzzleResults(t, media, deps, botUsername);
    case 'position': {
      const position = parseFen(asked.fen, asked.variant);
      if (!position.ok) return [refusedPosition(t, position.error.message)];
      const url = media.positionUrl(position.value, 'white');
      return [
        {
          type: 'photo',
          id: `f:${createHash('sha256').update(`${asked.variant}\n${asked.fen}`).digest('base64url').slice(0, 40)}`,
          photo_url: url,
          thumbnail_url: url,
          title: t.inline.positionTitle(t.variant(asked.variant)),
          caption: fitCaption([
            `${t.variant(asked.variant)}: <code>${escapeHtml(asked.fen)}</code>`,
          ]),
          parse_mode: 'HTML',
        },
      ];
    }
    case 'bad-fen':
      return [refusedPosition(t, asked.why)];
    case 'table':
      return [article('table', t.inline.usageTitle, t.inline.tableNotInline)];
    case 'usage':
      return [article('usage', t.inline.usageTitle, t.inline.usage)];
  }
}

/** The day's puzzle (of the default variant), with a Solve link to the private chat. */
function puzzleResults(
  t: Messages,
  media: MediaLinks,
  deps: TelegramDeps,
  botUsername: string,
): InlineQueryResult[] {
  const puzzle = deps.puzzles.dailyPuzzle(dayIn('UTC', deps.clock.now()));
  if (puzzle === undefined) return [];
  const url = media.positionUrl(puzzlePosition(puzzle, 0), solverSide(puzzle));
  return [
    {
      type: 'photo',
      id: `p:${puzzle.id}`,
      photo_url: url,
      thumbnail_url: url,
      title: t.inline.puzzleTitle,
      caption: fitCaption([puzzleHeading(puzzle, t), '', t.puzzles.solveInPrivate]),
      parse_mode: 'HTML',
      reply_markup: {
        inline_keyboard: [
          [{ text: t.puzzles.solveButton, url: startLink(botUsername, `p_${puzzle.id}`) }],
        ],
      },
    },
  ];
}

/** A text result: a title in the list, a message if chosen. */
/** A refused FEN: the catalogue's words for it, then the engine's reason. */
function refusedPosition(t: Messages, why: string): InlineQueryResultArticle {
  return article('bad-fen', t.inline.badFenTitle, `${t.errors.badPosition}\n${why}`);
}

function article(id: string, title: string, text: string): InlineQueryResultArticle {
  return {
    type: 'article',
    id,
    title,
    description: text.slice(0, 200),
    input_message_content: { message_text: text },
  };
}
