import { InlineKeyboard } from 'grammy';
import { encodePayload } from '../../chat/buttons/button-payload.js';
import type { RatingGraphData } from '../../chat/words/league-text.js';
import type { LeagueSurface } from '../../chat/presenting/league-announcements.js';
import {
  noStandingsYet,
  standingsData,
  standingsLegend,
  tournamentCard,
  type StandingsData,
} from '../../chat/words/tournament-text.js';
import type { ChatView } from '../../game/model.js';
import type { Tournament } from '../../game/tournament-model.js';
import type { Messages } from '../../i18n/index.js';
import type { BackgroundTasks } from '../../chat/tasks/background-tasks.js';
import type { BoardPainter } from './board-message.js';
import type { ChatContext } from './chat-cards.js';
import type { ChatOutput } from './chat-output.js';
import { mentionOf, nameOf } from './identity.js';

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
 * How ratings and tournaments look in Telegram (what they show, and when, is the chat core's:
 * LeagueAnnouncements): the sign-up card (edited in place), HTML posts whose mentions notify,
 * the standings picture, the ratings in reply to a game's board, and /stats.
 */
export class LeagueCards implements LeagueSurface {
  readonly platform = 'telegram' as const;
  readonly names = NAMES;

  constructor(
    private readonly deps: {
      readonly out: ChatOutput;
      readonly tasks: BackgroundTasks;
      readonly painter: BoardPainter;
    },
    private readonly chatContext: ChatContext,
  ) {}

  async messages(chatId: string, fallback?: string): Promise<Messages> {
    return (await this.chatContext(chatId, fallback)).t;
  }

  showCard(view: ChatView, tournament: Tournament, t: Messages, closed?: string): void {
    const open = tournament.status === 'signup' && closed === undefined;
    this.deps.tasks.track(
      this.deps.out.editText(
        view.chatId,
        Number(view.messageId),
        closed ?? tournamentCardText(tournament, t),
        {
          parse_mode: 'HTML',
          ...(open ? { reply_markup: tournamentKeyboard(tournament, t) } : {}),
        },
      ),
    );
  }

  post(chatId: string | number, text: string): Promise<unknown> {
    return this.deps.out.sendText(chatId, text, { parse_mode: 'HTML' });
  }

  /** The standings picture of a chat's tournament (for /standings too; text before round 1). */
  postStandings(tournament: Tournament, chatId: string | number, t: Messages): Promise<unknown> {
    const notYet = noStandingsYet(tournament, t, NAMES);
    if (notYet !== undefined) return this.post(chatId, notYet);
    const data: StandingsData = standingsData(tournament, t);
    return this.deps.out.sendPhoto(chatId, () => this.deps.painter.paintStandings(data), {
      caption: `🏆 ${data.title} — ${data.subtitle ?? ''}\n${standingsLegend(tournament, t)}`,
    });
  }

  postUnder(view: ChatView, text: string): Promise<unknown> {
    return this.deps.out.sendText(view.chatId, text, {
      parse_mode: 'HTML',
      reply_parameters: { message_id: Number(view.messageId), allow_sending_without_reply: true },
    });
  }

  /** /stats: the text under the rating graph (apart when too long for a caption, or no graph). */
  postStats(chatId: number | string, text: string, graph: RatingGraphData | undefined): void {
    const fits = text.length <= MAX_CAPTION;
    if (graph === undefined || !fits) this.deps.tasks.track(this.post(chatId, text));
    if (graph === undefined) return;
    this.deps.tasks.track(
      this.deps.out.sendPhoto(
        chatId,
        () => this.deps.painter.paintRatingGraph(graph),
        fits ? { caption: text, parse_mode: 'HTML' } : {},
      ),
    );
  }
}
