import type { AutocompleteInteraction, Interaction } from 'discord.js';
import { decodePayload, type Payload } from '../../chat/buttons/button-payload.js';
import { refusalText } from '../../chat/words/refusal-text.js';
import { withLogScope } from '../../game/logger.js';
import type { Player } from '../../game/model.js';
import type { Clock } from '../../game/ports.js';
import type { GameEvent, ServiceResult } from '../../game/results.js';
import type { PuzzleService } from '../../game/puzzles.js';
import type { GameService, Logger } from '../../game/service.js';
import { languageFor, messagesOn, type Messages } from '../../i18n/index.js';
import { chatSettingsAndMessages, personalLanguage } from '../../chat/presenting/chat-settings.js';
import { Answer, type AnswerableInteraction, type AnswerMode } from './answer.js';
import { isHarmless } from './api-errors.js';
import type { OutgoingMessage } from './channel-output.js';
import type { ChatState } from './chat-state.js';
import type { BoardPainter } from './game-message.js';
import { playerFromUser } from './identity.js';
import { markdown } from './markdown.js';
import type { DiscordPresenter } from './surface.js';

/** What every feature of the Discord bot works with. */
export interface DiscordDeps {
  readonly service: GameService;
  /** Puzzles: solving, the daily post and the leaderboard. */
  readonly puzzles: PuzzleService;
  readonly presenter: DiscordPresenter;
  readonly channels: ChatState;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Draws the boards of puzzles (a game's are the presenter's). */
  readonly painter: BoardPainter;
  /**
   * Where the events of this adapter's own requests go: the event dispatcher, which shows them
   * here and on the other platform (a cross-platform game).
   */
  readonly publish: (events: readonly GameEvent[]) => Promise<void>;
  /** How long a handler works before its interaction is deferred (Discord allows 3 s). */
  readonly deferAfterMs: number;
  /** The server a channel belongs to (for message links), if known; undefined for DMs. */
  readonly guildOf: (channelId: string) => string | undefined;
  /** The live board page's signed link for a user and a game, when the page is served. */
  readonly boardLink?: BoardLinkMaker;
}

/** A board page link for one user and one game (src/web/board-links.ts), and how long it lasts. */
export interface BoardLinkMaker {
  link(user: { platform: 'discord'; userId: string; name: string }, gameId: string): string;
  readonly ttlMinutes: number;
}

/** One interaction being handled: who, where, in which language, and its one answer. */
export interface Turn<I extends AnswerableInteraction = AnswerableInteraction> {
  readonly interaction: I;
  readonly answer: Answer;
  /** What the user alone reads (ephemeral replies, refusals), in their language (their locale). */
  readonly t: Messages;
  /** What the channel reads (cards, public replies), in the channel's language (/settings). */
  readonly chatT: Messages;
  readonly player: Player;
  readonly channelId: string;
  /** The same interaction handled twice is the same request: a move is applied once. */
  readonly requestKey: string;
  /** Shows a service result: its events to everyone, or its refusal to the user only. */
  present<T>(result: ServiceResult<T>): Promise<T | undefined>;
  /** Tells the user only (a text, or a whole message). */
  whisper(message: string | OutgoingMessage): Promise<void>;
}

type CommandInteraction = Extract<AnswerableInteraction, { commandName: string }>;
type ComponentInteraction = Exclude<AnswerableInteraction, CommandInteraction>;
type CommandHandler = (turn: Turn<CommandInteraction>) => Promise<void>;
type ButtonHandler<K extends Payload['kind']> = (
  turn: Turn<ComponentInteraction>,
  payload: Extract<Payload, { kind: K }>,
) => Promise<void>;
/** How a press of a kind is answered: always the same way, or by its payload. */
type ButtonMode<K extends Payload['kind']> =
  AnswerMode | ((payload: Extract<Payload, { kind: K }>) => AnswerMode);

/** What an autocomplete handler is asked: who, where, in which language, and what was typed. */
export interface Suggesting {
  readonly player: Player;
  readonly channelId: string;
  readonly t: Messages;
  readonly typed: string;
}

/** A suggestion of an option's value (Discord shows its name, sends its value). */
export interface Suggestion {
  readonly name: string;
  readonly value: string;
}

type SuggestHandler = (asked: Suggesting) => Promise<readonly Suggestion[]>;

/**
 * Routes slash commands (by name) and component presses (by the kind of their custom_id's
 * payload) to the features. A custom_id that does not decode (forged, or from an older
 * version) gets a polite answer and changes nothing.
 */
export class InteractionRouter {
  private readonly commands = new Map<string, { mode: AnswerMode; handler: CommandHandler }>();
  private readonly buttons = new Map<
    string,
    { mode: ButtonMode<never>; handler: ButtonHandler<never> }
  >();
  private readonly suggestions = new Map<string, SuggestHandler>();

  constructor(readonly deps: DiscordDeps) {}

  command(name: string, mode: AnswerMode, handler: CommandHandler): void {
    this.commands.set(name, { mode, handler });
  }

  button<K extends Payload['kind']>(kind: K, mode: ButtonMode<K>, handler: ButtonHandler<K>): void {
    this.buttons.set(kind, { mode, handler: handler as unknown as ButtonHandler<never> });
  }

  /** Suggestions for the option named `option` (of any command that marks it autocomplete). */
  autocomplete(option: string, handler: SuggestHandler): void {
    this.suggestions.set(option, handler);
  }

  /** Handles one interaction; never throws. Every line logged meanwhile names the interaction. */
  route(interaction: Interaction): Promise<void> {
    return withLogScope({ interaction_id: interaction.id }, () => this.dispatch(interaction));
  }

  private async dispatch(interaction: Interaction): Promise<void> {
    if (interaction.isChatInputCommand()) {
      const route = this.commands.get(interaction.commandName);
      if (route === undefined) return this.unknown(interaction);
      return this.run(interaction, route.mode, (turn) => route.handler(turn));
    }
    if (interaction.isButton() || interaction.isStringSelectMenu()) {
      const payload = decodePayload(interaction.customId);
      const route = payload === undefined ? undefined : this.buttons.get(payload.kind);
      if (payload === undefined || route === undefined) return this.unknown(interaction);
      const mode = typeof route.mode === 'function' ? route.mode(payload as never) : route.mode;
      return this.run(interaction, mode, (turn) => route.handler(turn, payload as never));
    }
    if (interaction.isAutocomplete()) return this.suggest(interaction);
  }

  /**
   * Answers an autocomplete (within Discord's 3 s, no deferring): the option's suggestions, at
   * most 25; none when the option has no handler or the handler failed (that is logged).
   */
  private async suggest(interaction: AutocompleteInteraction): Promise<void> {
    const { deps } = this;
    const focused = interaction.options.getFocused(true);
    const handler = this.suggestions.get(focused.name);
    let choices: readonly Suggestion[] = [];
    try {
      if (handler !== undefined)
        choices = await handler({
          player: playerFromUser(interaction.user, interaction.locale),
          // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- Discord's payload marks channel_id optional
          channelId: interaction.channelId ?? interaction.user.id,
          // Suggestions are the user's alone: in their own language.
          t: messagesOn('discord', languageFor(interaction.locale)),
          typed: String(focused.value),
        });
    } catch (error) {
      deps.logger.error('discord: suggestions failed', { err: error });
    }
    try {
      await interaction.respond(choices.slice(0, 25).map(({ name, value }) => ({ name, value })));
    } catch (error) {
      if (!isHarmless(error))
        deps.logger.warn('discord: could not answer an autocomplete', { err: error });
    }
  }

  private async unknown(interaction: AnswerableInteraction): Promise<void> {
    await this.run(interaction, 'ephemeral', (turn) => turn.whisper(turn.t.errors.unknownButton));
  }

  private async run<I extends AnswerableInteraction>(
    interaction: I,
    mode: AnswerMode,
    handler: (turn: Turn<I>) => Promise<void>,
  ): Promise<void> {
    const { deps } = this;
    const answer = new Answer(interaction, mode, deps.deferAfterMs, deps.logger);
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- Discord's payload marks channel_id optional
    const channelId = interaction.channelId ?? interaction.user.id;
    const { settings, t: chatT } = await chatSettingsAndMessages(
      deps.logger,
      'discord',
      deps.channels.settings(channelId),
      { channelId },
      interaction.locale,
    );
    const asker = { locale: interaction.locale, privateChat: !interaction.inGuild(), admin: false };
    const t = messagesOn('discord', personalLanguage(settings, asker));
    const turn: Turn<I> = {
      interaction,
      answer,
      t,
      chatT,
      player: playerFromUser(interaction.user, interaction.locale),
      channelId,
      requestKey: `dc:${interaction.id}`,
      whisper: (message) => answer.whisper(message),
      present: async (result) => {
        if (!result.ok) {
          await answer.whisper(markdown(refusalText(t, result)));
          return undefined;
        }
        await deps.publish(result.events);
        return result.value;
      },
    };
    try {
      await handler(turn);
    } catch (error) {
      deps.logger.error('discord: an interaction failed', { err: error });
      await answer.whisper(t.discord.commandFailed);
    } finally {
      await answer.finish();
    }
  }
}
