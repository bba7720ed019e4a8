import { describe, expect, it } from 'vitest';
import { Answer } from '../../../src/adapters/discord/answer.js';
import { FakeInteraction } from './fake-interaction.js';
import { ANNA, CHANNEL, GUILD, silentLogger } from './harness.js';

function command(ackLimitMs?: number): FakeInteraction {
  return new FakeInteraction(
    { user: ANNA, channelId: CHANNEL, guildId: GUILD, ackLimitMs },
    'command',
    {
      commandName: 'board',
    },
  );
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the one answer of an interaction', () => {
  it('answers a quick handler in one call', async () => {
    const interaction = command();
    const answer = new Answer(interaction as never, 'public', 1_000, silentLogger);
    await answer.respond({ content: 'board' });
    await answer.finish();
    expect(interaction.methods).toEqual(['reply']);
  });

  it('defers a slow handler in time and edits the deferred reply, once', async () => {
    const interaction = command();
    const answer = new Answer(interaction as never, 'ephemeral', 20, silentLogger);
    await wait(60);
    await answer.respond({ content: 'late' });
    await answer.finish();
    expect(interaction.methods).toEqual(['deferReply', 'editReply']);
  });

  it('a refusal after a public deferral goes to the user only, and the deferral is removed', async () => {
    const interaction = command();
    const answer = new Answer(interaction as never, 'public', 20, silentLogger);
    await wait(60);
    await answer.whisper('no');
    await answer.finish();
    expect(interaction.methods).toEqual(['deferReply', 'followUp', 'deleteReply']);
  });

  it('never leaves an interaction without an answer, and survives a late acknowledgement', async () => {
    const forgotten = command();
    const answer = new Answer(forgotten as never, 'ephemeral', 1_000, silentLogger);
    await answer.finish();
    expect(forgotten.methods).toEqual(['reply']);

    const late = command(10);
    await wait(30);
    const slow = new Answer(late as never, 'public', 1_000, silentLogger);
    await expect(slow.respond({ content: 'x' })).resolves.toBeUndefined();
    await slow.finish();
    expect(late.methods).toEqual([]);
  });
});
