import { Composer } from 'grammy';
import type { User } from 'grammy/types';
import { VARIANTS, type VariantId } from '../../../engine/index.js';
import {
  findByUsername,
  leaderboardText,
  ratingGraph,
  statsText,
  TOP_LINES,
} from '../../../chat/words/league-text.js';
import { parseTournamentArguments } from '../../../chat/commands/tournament-arguments.js';
import { VARIANT_WORDS } from '../../../chat/commands/variant-words.js';
import type { PlayerId } from '../../../game/model.js';
import { rulesOf } from '../../../game/rules-strategy.js';
import { BOT_LEVELS, DEFAULT_BOT_LEVEL } from '../../../game/bot-player.js';
import type { ButtonRouter } from '../buttons.js';
import type { BashniContext, TelegramDeps } from '../context.js';
import { chatKeyOf, nameOf, playerFromUser } from '../identity.js';
import { tournamentCardText, tournamentKeyboard } from '../league-cards.js';
import { showPuzzleTop } from './daily.js';

const PUZZLE_WORDS = new Set(['puzzles', 'puzzle', 'задачи', 'задача']);

/** Every variant with ratings (two-player ones). */
const RATED_VARIANTS = (Object.keys(VARIANTS) as VariantId[]).filter(
  (variant) => rulesOf(variant).league !== undefined,
);

/**
 * Ratings and tournaments in Telegram: /stats, /top, /tournament, /standings, the sign-up
 * card's buttons, and members leaving a group (out of its tournament).
 */
export function leagueFeature(deps: TelegramDeps, buttons: ButtonRouter): Composer<BashniContext> {
  const composer = new Composer<BashniContext>();

  /** In a group only its creator and administrators; in a private chat its owner. */
  const isAdmin = async (ctx: BashniContext): Promise<boolean> => {
    if (ctx.chat === undefined || ctx.from === undefined) return false;
    if (ctx.chat.type === 'private') return true;
    if (ctx.message?.sender_chat?.id === ctx.chat.id) return true;
    return deps.members.isAdmin(ctx.chat.id, ctx.from.id);
  };

  composer.command('stats', async (ctx) => {
    if (ctx.from === undefined) return;
    const who = await statsTarget(deps, ctx);
    if (who === undefined) {
      ctx.say(ctx.own.league.statsWho);
      return;
    }
    const records = await deps.service.league.playerRatings(who.player);
    if (!records.ok) {
      await ctx.present(records);
      return;
    }
    const text = statsText(who.name, records.value, ctx.own);
    const graph =
      records.value[0] === undefined ? undefined : ratingGraph(records.value[0], ctx.own);
    deps.presenter.surface.league.postStats(ctx.chat.id, text, graph);
  });

  composer.command('top', async (ctx) => {
    const word = ctx.match.trim().toLowerCase();
    if (PUZZLE_WORDS.has(word)) return showPuzzleTop(deps, ctx);
    const variant = word === '' ? 'bashni' : VARIANT_WORDS[word];
    const named = variant === undefined ? undefined : rulesOf(variant).league;
    if (named === undefined) {
      ctx.say(ctx.t.league.topHint);
      return;
    }
    const [chat, global] = await Promise.all([
      deps.service.league.chatLeaderboard(chatKeyOf(ctx.chat.id), named),
      deps.service.league.globalLeaderboard(named, TOP_LINES),
    ]);
    if (!chat.ok) return void (await ctx.present(chat));
    if (!global.ok) return void (await ctx.present(global));
    ctx.say(leaderboardText(ctx.t.variant(named), chat.value, global.value, ctx.t), {
      parse_mode: 'HTML',
    });
  });

  composer.command('tournament', async (ctx) => {
    if (ctx.from === undefined) return;
    const [action, ...rest] = ctx.match
      .trim()
      .split(/\s+/)
      .filter((w) => w !== '');
    const words = ctx.t.league.tournament;
    const player = playerFromUser(ctx.from);
    const chat = { platform: 'telegram' as const, chatId: String(ctx.chat.id) };
    switch (action?.toLowerCase()) {
      case 'new':
      case 'новый': {
        const args = parseTournamentArguments(rest);
        if (args === undefined) return ctx.say(words.usage);
        if (!(await isAdmin(ctx))) return ctx.say(words.adminsOnly);
        const created = await deps.service.league.createTournament({
          organiser: player,
          chat,
          format: args.format,
          variant: args.variant,
          daysPerMove: args.daysPerMove,
          // A Swiss event's rounds, when not given, follow the field at the start.
          rounds: args.rounds ?? (args.format === 'swiss' ? 0 : 1),
          rated: args.rated,
          // The same update again (redelivered, or to another process) is the same tournament.
          requestKey: ctx.requestKey,
        });
        if (!created.ok) return void (await ctx.present(created));
        const tournament = created.value;
        // Its card once, recorded as its view when it is there.
        await ctx.sayOnce(tournamentCardText(tournament, ctx.t), {
          html: true,
          keyboard: tournamentKeyboard(tournament, ctx.t),
          shows: { kind: 'tournament', id: tournament.id },
        });
        return;
      }
      case 'bot':
      case 'бот': {
        const level = rest[0] === undefined ? DEFAULT_BOT_LEVEL : Number(rest[0]);
        if (!Number.isInteger(level) || level < 1 || level > BOT_LEVELS || rest.length > 1)
          return ctx.say(words.usage);
        const live = await deps.service.league.chatTournament(chatKeyOf(ctx.chat.id));
        if (!live.ok) return void (await ctx.present(live));
        const added = await deps.service.league.addBotToTournament(
          live.value.id,
          player,
          await isAdmin(ctx),
          level,
          ctx.t.botName(level),
        );
        await ctx.present(added);
        return;
      }
      case 'leave':
      case 'выйти':
      case 'join':
      case 'start': {
        const live = await deps.service.league.chatTournament(chatKeyOf(ctx.chat.id));
        if (!live.ok) return void (await ctx.present(live));
        const id = live.value.id;
        const verb = action.toLowerCase();
        const result =
          verb === 'join'
            ? await deps.service.league.joinTournament(id, player)
            : verb === 'start'
              ? await deps.service.league.startTournament(id, player, await isAdmin(ctx))
              : await deps.service.league.leaveTournament(id, player);
        if (await ctx.present(result))
          if (verb !== 'start') ctx.say(verb === 'join' ? words.joined : words.left);
        return;
      }
      case undefined:
      default:
        return ctx.say(words.usage);
    }
  });

  composer.command('standings', async (ctx) => {
    const latest = await deps.service.league.chatTournament(chatKeyOf(ctx.chat.id));
    if (!latest.ok) {
      if (latest.code === 'tournament-not-found') ctx.say(ctx.t.league.tournament.none);
      else await ctx.present(latest);
      return;
    }
    deps.tasks.track(deps.presenter.surface.league.postStandings(latest.value, ctx.chat.id, ctx.t));
  });

  // A member left (or was removed from) a group: out of its tournament.
  const left = async (ctx: BashniContext, user: User) => {
    if (ctx.chat === undefined || user.is_bot) return;
    const chat = { platform: 'telegram' as const, chatId: String(ctx.chat.id) };
    const player: PlayerId = { platform: 'telegram', userId: String(user.id) };
    await deps.publish(await deps.service.league.memberLeftChat(chat, player));
  };
  composer.on('message:left_chat_member', (ctx) => left(ctx, ctx.message.left_chat_member));
  composer.on('chat_member', async (ctx) => {
    const status = ctx.chatMember.new_chat_member.status;
    if (status === 'left' || status === 'kicked')
      await left(ctx, ctx.chatMember.new_chat_member.user);
  });

  buttons.on('tournament-join', async (ctx, payload) => {
    const player = playerFromUser(ctx.from!);
    await ctx.present(await deps.service.league.joinTournament(payload.tournamentId, player));
  });
  buttons.on('tournament-leave', async (ctx, payload) => {
    const player = playerFromUser(ctx.from!);
    await ctx.present(await deps.service.league.leaveTournament(payload.tournamentId, player));
  });
  buttons.on('tournament-start', async (ctx, payload) => {
    const player = playerFromUser(ctx.from!);
    const admin = await isAdmin(ctx);
    await ctx.present(
      await deps.service.league.startTournament(payload.tournamentId, player, admin),
    );
  });
  buttons.on('tournament-cancel', async (ctx, payload) => {
    const player = playerFromUser(ctx.from!);
    const admin = await isAdmin(ctx);
    await ctx.present(
      await deps.service.league.cancelTournament(payload.tournamentId, player, admin),
    );
  });

  return composer;
}

/**
 * Whose /stats: the user replied to, a text mention, an @name of someone on this chat's
 * leaderboards, or the asker.
 */
async function statsTarget(
  deps: TelegramDeps,
  ctx: BashniContext,
): Promise<{ player: PlayerId; name: string } | undefined> {
  const replied = ctx.message?.reply_to_message?.from;
  if (replied !== undefined && !replied.is_bot) {
    const player = playerFromUser(replied);
    return { player, name: nameOf(player) };
  }
  const mention = ctx.message?.entities?.find((entity) => entity.type === 'text_mention');
  if (mention?.type === 'text_mention') {
    const player = playerFromUser(mention.user);
    return { player, name: nameOf(player) };
  }
  const word = ctx.match?.toString().trim() ?? '';
  if (word === '') {
    const player = playerFromUser(ctx.from!);
    return { player, name: nameOf(player) };
  }
  if (!/^@?[a-z0-9_]{3,32}$/i.test(word) || ctx.chat === undefined) return undefined;
  for (const variant of RATED_VARIANTS) {
    const board = await deps.service.league.chatLeaderboard(chatKeyOf(ctx.chat.id), variant);
    if (!board.ok) continue;
    const found = findByUsername(board.value, word);
    if (found !== undefined) return { player: found, name: nameOf(found) };
  }
  return undefined;
}
