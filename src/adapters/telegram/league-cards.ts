import { gameLanguageHint } from '../../chat/presenting/chat-settings.js';
import { InlineKeyboard } from 'grammy';
import { encodePayload } from '../../chat/buttons/button-payload.js';
import { ratedText, type RatingGraphData } from '../../chat/words/league-text.js';
import type { LeagueShows } from '../../chat/presenting/league-events.js';
import {
  noStandingsYet,
  roundText,
  standingsData,
  standingsLegend,
  tournamentCard,
  winnerText,
  type StandingsData,
} from '../../chat/words/tournament-text.js';
import type { Game } from '../../game/model.js';
import type { PlayerRating } from '../../game/rating-model.js';
import type { Tournament } from '../../game/tournament-model.js';
import type { Messages } from '../../i18n/index.js';
import type { BackgroundTasks } from '../../chat/tasks/background-tasks.js';
import type { ChatOrder } from '../../chat/presenting/chat-order.js';
import type { BoardPainter } from './board-message.js';
import type { ChatContext } from './chat-cards.js';
import type { ChatOutput } from './chat-output.js';
import { liveViews, mentionOf, nameOf } from './identity.js';

const NAMES = { name: nameOf, mention: mentionOf };

/** Telegram's limit on a photo's caption. */
const MAX_CAPTION = 1024;

/** The sign-up card's buttons: join and leave; start and cancel (the organiser, or an admin). */
export function tournamentKeyboard(tournament: Tournament, t: Messages): InlineKeyboard {
  const tournamentId = tournament.id;
  const words = t.league.tournament;
  return new InlineKeyboard()
    .text(words.join, encodePayload({ kind: 'tournament-join', tournamentId }))
    .text(words.leave, encodePayload({ kind: 'tournament-leave', tournamentId }))
    .row()
    .text(words.start, encodePayload({ kind: 'tournament-start', tournamentId }))
    .text(words.cancel, encodePayload({ kind: 'tournament-cancel', tournamentId }));
}

/** The sign-up card's text in Telegram. */
export function tournamentCardText(tournament: Tournament, t: Messages): string {
  return tournamentCard(tournament, t, NAMES);
}

/**
 * What ratings and tournaments show in Telegram: the sign-up card kept up to date, each round's
 * pairings (after the standings picture of the round before), withdrawals, the winner, and the
 * new ratings under a rated game's board. Each post waits for the chat's announcements before
 * it (ChatOrder): a round's pairings come after the last result and before the round's boards.
 */
export class LeagueCards implements LeagueShows {
  constructor(
    private readonly deps: {
      readonly out: ChatOutput;
      readonly tasks: BackgroundTasks;
      readonly painter: BoardPainter;
      readonly order: ChatOrder;
    },
    private readonly chatContext: ChatContext,
  ) {}

  /** The sign-up changed: every card shows the list (and, once closed, no buttons). */
  async updateCards(tournament: Tournament, closedText?: (t: Messages) => string): Promise<void> {
    for (const view of tournament.views) {
      if (view.platform !== 'telegram') continue;
      const { t } = await this.chatContext(view.chatId, tournament.organiser.language);
      const open = tournament.status === 'signup' && closedText === undefined;
      const text = closedText?.(t) ?? tournamentCardText(tournament, t);
      this.deps.tasks.track(
        this.deps.out.editText(view.chatId, Number(view.messageId), text, {
          parse_mode: 'HTML',
          ...(open ? { reply_markup: tournamentKeyboard(tournament, t) } : {}),
        }),
      );
    }
  }

  /** The organiser cancelled the sign-up: the cards say so, without buttons. */
  cancelled(tournament: Tournament): Promise<void> {
    return this.updateCards(tournament, (t) =>
      t.league.tournament.cancelled(nameOf(tournament.organiser)),
    );
  }

  /** A round was paired: the standings so far (from round 2), then the pairings. */
  async roundPaired(tournament: Tournament, round: number): Promise<void> {
    if (tournament.chat.platform !== 'telegram') return;
    const { chatId } = tournament.chat;
    const { t } = await this.chatContext(chatId, tournament.organiser.language);
    if (round === 1)
      await this.updateCards(tournament, (words) => tournamentCardText(tournament, words));
    else this.postStandings(tournament, chatId, t);
    this.say(chatId, roundText(tournament, round, t, NAMES));
  }

  async withdrawal(tournament: Tournament, entrant: number): Promise<void> {
    if (tournament.chat.platform !== 'telegram') return;
    const { chatId } = tournament.chat;
    const { t } = await this.chatContext(chatId, tournament.organiser.language);
    const { player, outWhy } = tournament.entrants[entrant]!;
    this.say(chatId, t.league.tournament.withdrawn(nameOf(player), outWhy ?? 'withdrew'));
  }

  /** The end: the final standings picture and the winner. */
  async finished(tournament: Tournament): Promise<void> {
    if (tournament.chat.platform !== 'telegram') return;
    const { chatId } = tournament.chat;
    const { t } = await this.chatContext(chatId, tournament.organiser.language);
    this.postStandings(tournament, chatId, t);
    this.say(chatId, winnerText(tournament, t, NAMES));
  }

  /** The standings picture of a chat's tournament (for /standings too; text before round 1). */
  postStandings(tournament: Tournament, chatId: string | number, t: Messages): void {
    const notYet = noStandingsYet(tournament, t, NAMES);
    if (notYet !== undefined) return this.say(chatId, notYet);
    const data: StandingsData = standingsData(tournament, t);
    this.inOrder(chatId, () =>
      this.deps.out.sendPhoto(chatId, () => this.deps.painter.paintStandings(data), {
        caption: `🏆 ${data.title} — ${data.subtitle ?? ''}\n${standingsLegend(tournament, t)}`,
      }),
    );
  }

  /** A rated game's new ratings, under its board in each chat. */
  async rated(game: Game, ratings: readonly PlayerRating[]): Promise<void> {
    for (const view of liveViews(game.views)) {
      const { t } = await this.chatContext(
        view.chatId,
        gameLanguageHint(game, { platform: 'telegram', userId: view.chatId }),
      );
      this.inOrder(view.chatId, () =>
        this.deps.out.sendText(view.chatId, ratedText(game, ratings, t, NAMES), {
          parse_mode: 'HTML',
          reply_parameters: {
            message_id: Number(view.messageId),
            allow_sending_without_reply: true,
          },
        }),
      );
    }
  }

  /** /stats: the text under the rating graph (apart when too long for a caption, or no graph). */
  postStats(chatId: number | string, text: string, graph: RatingGraphData | undefined): void {
    const fits = text.length <= MAX_CAPTION;
    if (graph === undefined || !fits) this.say(chatId, text);
    if (graph === undefined) return;
    this.inOrder(chatId, () =>
      this.deps.out.sendPhoto(
        chatId,
        () => this.deps.painter.paintRatingGraph(graph),
        fits ? { caption: text, parse_mode: 'HTML' } : {},
      ),
    );
  }

  private say(chatId: string | number, text: string): void {
    this.inOrder(chatId, () => this.deps.out.sendText(chatId, text, { parse_mode: 'HTML' }));
  }

  /** Delivers a post after the chat's announcements before it, in the background. */
  private inOrder(chatId: string | number, deliver: () => Promise<unknown>): void {
    this.deps.tasks.track(this.deps.order.next(String(chatId), deliver));
  }
}
