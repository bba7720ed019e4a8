import {
  MessageFlags,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type StringSelectMenuInteraction,
} from 'discord.js';
import type { Logger } from '../../game/service.js';
import { isHarmless } from './api-errors.js';
import { interactionReply, type OutgoingMessage } from './channel-output.js';

export type AnswerableInteraction =
  ChatInputCommandInteraction | ButtonInteraction | StringSelectMenuInteraction;

/**
 * How an interaction is answered: a public reply, a reply only its user sees, or (a press of a
 * component) an update of the message the component is on.
 */
export type AnswerMode = 'public' | 'ephemeral' | 'update';

/**
 * The one answer every interaction gets. Discord wants it within 3 s: if the handler has not
 * answered after `deferAfterMs`, the interaction is deferred ("thinking…") and the answer
 * becomes an edit of the deferred reply. A fast handler answers in one call. A failed or late
 * acknowledgement never stops the handler's work (the move is applied and shown to everyone
 * all the same); harmless API errors are quiet, the rest logged with the interaction's id.
 */
export class Answer {
  private deferral: Promise<void> | undefined;
  private answered = false;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly interaction: AnswerableInteraction,
    readonly mode: AnswerMode,
    deferAfterMs: number,
    private readonly logger: Logger,
  ) {
    this.timer = setTimeout(() => void this.defer(), deferAfterMs);
  }

  /** Acknowledges now without answering (the answer follows as an edit). */
  defer(): Promise<void> {
    if (this.answered) return Promise.resolve();
    const { interaction } = this;
    this.deferral ??= (
      this.mode === 'update' && !interaction.isChatInputCommand()
        ? interaction.deferUpdate()
        : interaction.deferReply(this.mode === 'ephemeral' ? { flags: MessageFlags.Ephemeral } : {})
    ).then(
      () => undefined,
      (error: unknown) => this.failed('defer', error),
    );
    return this.deferral;
  }

  /** Answers with a message; resolves to the id of the message that shows it, if known. */
  async respond(message: OutgoingMessage): Promise<string | undefined> {
    clearTimeout(this.timer);
    const options = interactionReply(message);
    try {
      const deferral = this.deferral;
      this.answered = true;
      if (deferral !== undefined) {
        await deferral;
        return (await this.interaction.editReply(options)).id;
      }
      if (this.mode === 'update') {
        const { interaction } = this;
        if (interaction.isChatInputCommand()) throw new Error('update of a command');
        const response = await interaction.update({ ...options, withResponse: true });
        return response.resource?.message?.id;
      }
      const response = await this.interaction.reply({
        ...options,
        ...(this.mode === 'ephemeral' ? { flags: MessageFlags.Ephemeral } : {}),
        withResponse: true,
      });
      return response.resource?.message?.id;
    } catch (error) {
      this.failed('respond', error);
      return undefined;
    }
  }

  /**
   * Tells only the user something (a refusal, a hint; a text, or a whole message such as a
   * board), whatever the mode.
   */
  async whisper(message: string | OutgoingMessage): Promise<void> {
    clearTimeout(this.timer);
    const reply = interactionReply(typeof message === 'string' ? { content: message } : message);
    // What the message does not have is cleared (a deferred reply may be filled with it).
    const text = {
      ...reply,
      embeds: reply.embeds ?? [],
      components: reply.components ?? [],
      files: reply.files ?? [],
    };
    try {
      if (this.answered) {
        await this.interaction.followUp({ ...text, flags: MessageFlags.Ephemeral });
        return;
      }
      if (this.deferral === undefined) {
        this.answered = true;
        await this.interaction.reply({ ...text, flags: MessageFlags.Ephemeral });
        return;
      }
      this.answered = true;
      await this.deferral;
      if (this.mode === 'ephemeral') {
        await this.interaction.editReply(text);
        return;
      }
      await this.interaction.followUp({ ...text, flags: MessageFlags.Ephemeral });
      if (this.mode === 'public') await this.interaction.deleteReply();
    } catch (error) {
      this.failed('whisper', error);
    }
  }

  /**
   * The handler is done. A press that needed no answer of its own (its effect is shown by
   * the presenter) is acknowledged without a change.
   */
  async finish(): Promise<void> {
    clearTimeout(this.timer);
    if (this.answered) return;
    if (this.mode === 'update') {
      if (this.deferral === undefined) await this.defer();
      else await this.deferral;
      return;
    }
    // A reply was promised and never given (a handler's bug): say so rather than leave the
    // user with "the application did not respond".
    this.logger.warn('discord: an interaction was left without an answer', {
      interaction_id: this.interaction.id,
    });
    await this.whisper('…');
  }

  private failed(what: string, error: unknown): void {
    if (isHarmless(error)) return;
    this.logger.warn(`discord: could not ${what} an interaction`, {
      interaction_id: this.interaction.id,
      err: error,
    });
  }
}
