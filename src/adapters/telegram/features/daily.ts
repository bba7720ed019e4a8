import { chatLanguage } from '../../../chat/presenting/chat-settings.js';
import { Composer } from 'grammy';
import { standingsText } from '../../../chat/words/puzzle-text.js';
import type { PuzzlePlayer } from '../../../game/puzzle-ports.js';
import type { DuePost } from '../../../game/puzzles.js';
import { messagesOn } from '../../../i18n/index.js';
import type { BoardPainter } from '../board-message.js';
import { mayChangeChat, type BashniContext, type TelegramDeps } from '../context.js';
import { chatKeyOf, nameOf } from '../identity.js';
import { postedFace, startLink } from '../puzzle-message.js';
import { bestEffort } from '../../../game/logger.js';

/** /daily's defaults: nine in the morning, UTC. */
const DEFAULT_TIME = '09:00';
const DEFAULT_ZONE = 'UTC';
const TIME_WORD = /^[\d:.]+$/;

/** A chat's daily puzzle: /daily to turn it on or off (its leaderboard: /top puzzles). */
export function dailyFeature(deps: TelegramDeps): Composer<BashniContext> {
  const composer = new Composer<BashniContext>();

  composer.command('daily', async (ctx) => {
    const { t } = ctx;
    const chatKey = chatKeyOf(ctx.chat.id);
    const words = ctx.match
      .trim()
      .split(/\s+/)
      .filter((word) => word !== '');
    const action = words.at(0);
    const rest = words.slice(1);
    if (action === undefined) {
      const setting = await deps.puzzles.dailySetting(chatKey);
      if (!setting.ok) {
        await ctx.present(setting);
        return;
      }
      const now =
        setting.value === undefined
          ? t.puzzles.dailyOff
          : t.puzzles.dailyOn(setting.value.time, setting.value.timeZone);
      ctx.say(`${t.puzzles.dailyUsage}\n\n${now}`);
      return;
    }
    const word = action.toLowerCase();
    const times = rest.filter((w) => TIME_WORD.test(w));
    const zones = rest.filter((w) => !TIME_WORD.test(w));
    if (
      (word !== 'on' && word !== 'off') ||
      (word === 'off' && rest.length > 0) ||
      times.length > 1 ||
      zones.length > 1
    ) {
      ctx.say(t.puzzles.dailyUsage);
      return;
    }
    if (!(await mayChangeChat(deps, ctx))) {
      ctx.say(ctx.own.puzzles.adminsOnly);
      return;
    }
    if (word === 'off') {
      const stopped = await deps.puzzles.stopDaily(chatKey);
      // Its confirmation once, however often the update is delivered.
      if (stopped.ok) await ctx.sayOnce(t.puzzles.dailyOff);
      else await ctx.present(stopped);
      return;
    }
    const started = await deps.puzzles.startDaily(
      chatKey,
      times[0] ?? DEFAULT_TIME,
      zones[0] ?? DEFAULT_ZONE,
    );
    if (!started.ok) {
      await ctx.present(started);
      return;
    }
    // The setting is the same however often it is set; its confirmation is said once.
    await ctx.sayOnce(t.puzzles.dailyOn(started.value.time, started.value.timeZone));
  });

  return composer;
}

/** `/top puzzles`: the chat's puzzle leaderboard (today, the week, streaks). */
export async function showPuzzleTop(deps: TelegramDeps, ctx: BashniContext): Promise<void> {
  if (ctx.chat === undefined) return;
  const standings = await deps.puzzles.standings(chatKeyOf(ctx.chat.id));
  if (!standings.ok) {
    await ctx.present(standings);
    return;
  }
  const name = (player: PuzzlePlayer) =>
    nameOf({ ...player, displayName: player.displayName ?? player.userId });
  ctx.say(standingsText(standings.value, ctx.t, name), { parse_mode: 'HTML' });
}

/**
 * Posts a chat's puzzle of the day (for the DailyPoster): the picture, the day's heading and a
 * button that opens it in the private chat, counted on this chat's board. True when it got
 * there — and when it never will (the bot was removed or blocked): then the chat's daily post
 * is turned off. False for anything worth trying again.
 */
export function dailyPost(
  deps: TelegramDeps,
  painter: BoardPainter,
  botUsername: () => string,
): (due: DuePost) => Promise<boolean> {
  return async (due) => {
    const chatId = due.chatKey.slice(chatKeyOf('').length);
    const settings = await bestEffort(
      deps.logger,
      'telegram: could not read chat settings; the daily post is in English',
      deps.chats.settings(chatId),
      { chatId },
      { lang: undefined },
    );
    const t = messagesOn('telegram', chatLanguage(settings));
    const start = `d_${due.day.replaceAll('-', '')}_${chatId}`;
    const face = postedFace(due.puzzle, t, painter, startLink(botUsername(), start), due.day);
    const sent = await deps.out.sendPhoto(chatId, face.image, {
      caption: face.caption,
      parse_mode: 'HTML',
      reply_markup: face.keyboard,
    });
    if (sent.ok) return true;
    if (sent.reason !== 'unreachable') return false;
    deps.logger.warn('telegram: the daily puzzle’s chat is unreachable; its daily post is off', {
      chatKey: due.chatKey,
    });
    const stopped = await deps.puzzles.stopDaily(due.chatKey);
    return stopped.ok;
  };
}
