import { textLogger } from '../support/capturing-logger.js';
import { describe, expect, it } from 'vitest';
import { EventDispatcher, platformsOf } from '../../src/game/event-routing.js';
import type { Platform } from '../../src/game/model.js';
import type { EventRelay } from '../../src/game/ports.js';
import type { GameEvent } from '../../src/game/results.js';
import { ALICE, CAROL, makeChallenge, makeGame } from '../support/game-fixtures.js';
import { makeTournament } from '../support/league-fixtures.js';

const telegramView = { platform: 'telegram' as const, chatId: '-100', messageId: '1' };
const discordView = { platform: 'discord' as const, chatId: '555', messageId: '2' };

/** A relay that records what is published, failing the first `failures` publishes. */
class RecordingRelay implements EventRelay {
  readonly published: { platform: Platform; events: readonly GameEvent[] }[] = [];
  readonly subscribed: Platform[] = [];
  stopped = false;
  constructor(private failures = 0) {}
  publish(platform: Platform, events: readonly GameEvent[]): Promise<void> {
    if (this.failures-- > 0) return Promise.reject(new Error('redis down'));
    this.published.push({ platform, events });
    return Promise.resolve();
  }
  subscribe(platform: Platform): Promise<void> {
    this.subscribed.push(platform);
    return Promise.resolve();
  }
  stop(): Promise<void> {
    this.stopped = true;
    return Promise.resolve();
  }
}

function recorder() {
  const batches: (readonly GameEvent[])[] = [];
  return {
    batches,
    handler: (events: readonly GameEvent[]) => {
      batches.push(events);
      return Promise.resolve();
    },
  };
}

function logger() {
  const lines: string[] = [];
  return Object.assign(textLogger(lines, false), { lines });
}

describe('platformsOf', () => {
  it('a game event: its players’ platforms and its views’', () => {
    const telegramOnly = makeGame('g1', { views: [telegramView] });
    expect(platformsOf({ type: 'turn-nudge', game: telegramOnly })).toEqual(new Set(['telegram']));
    const mixed = makeGame('g2', { black: CAROL });
    expect(platformsOf({ type: 'turn-nudge', game: mixed })).toEqual(
      new Set(['telegram', 'discord']),
    );
    const watched = makeGame('g3', { views: [telegramView, discordView] });
    expect(platformsOf({ type: 'draw-offered', game: watched, by: 'white' })).toEqual(
      new Set(['telegram', 'discord']),
    );
  });

  it('a challenge event: the challenger’s, the named target’s and the views’ platforms', () => {
    const open = makeChallenge('c1', { challenger: CAROL, views: [discordView] });
    expect(platformsOf({ type: 'challenge-created', challenge: open })).toEqual(
      new Set(['discord']),
    );
    const named = makeChallenge('c2', { target: { kind: 'user', player: CAROL } });
    expect(platformsOf({ type: 'challenge-declined', challenge: named })).toEqual(
      new Set(['telegram', 'discord']),
    );
  });

  it('a game started from a challenge: the challenge’s chats and where it was accepted', () => {
    const game = makeGame('g1', { white: CAROL, black: { ...CAROL, userId: '42' } });
    const challenge = makeChallenge('c1', { challenger: CAROL, views: [discordView] });
    const event: GameEvent = {
      type: 'game-started',
      game,
      challenge,
      ping: false,
      acceptedIn: { platform: 'telegram', chatId: '-100' },
    };
    expect(platformsOf(event)).toEqual(new Set(['discord', 'telegram']));
    expect(platformsOf({ ...event, acceptedIn: undefined })).toEqual(new Set(['discord']));
  });

  it('a tournament event: its chat’s platform, whoever plays in it', () => {
    const tournament = makeTournament('t1', {
      chat: { platform: 'discord', chatId: '555' },
      entrants: [{ player: ALICE }],
    });
    expect(platformsOf({ type: 'tournament-updated', tournament })).toEqual(new Set(['discord']));
    expect(platformsOf({ type: 'tournament-round', tournament, round: 1 })).toEqual(
      new Set(['discord']),
    );
  });
});

describe('EventDispatcher', () => {
  const mixedGame = makeGame('g1', { black: CAROL, views: [telegramView, discordView] });
  const telegramGame = makeGame('g2', { views: [telegramView] });
  const discordGame = makeGame('g3', { white: CAROL, black: { ...CAROL, userId: '7' } });

  it('hands local platforms their events directly and relays the rest, one batch each', async () => {
    const telegram = recorder();
    const relay = new RecordingRelay();
    const dispatcher = new EventDispatcher({
      local: { telegram: telegram.handler },
      relay,
      logger: logger(),
    });
    const events: GameEvent[] = [
      { type: 'turn-nudge', game: mixedGame },
      { type: 'turn-nudge', game: telegramGame },
      { type: 'turn-nudge', game: discordGame },
    ];
    await dispatcher.dispatch(events);
    expect(telegram.batches).toEqual([[events[0], events[1]]]);
    expect(relay.published).toEqual([{ platform: 'discord', events: [events[0], events[2]] }]);
  });

  it('both platforms local (one process): nothing goes through the relay', async () => {
    const telegram = recorder();
    const discord = recorder();
    const relay = new RecordingRelay();
    const dispatcher = new EventDispatcher({
      local: { telegram: telegram.handler, discord: discord.handler },
      relay,
      logger: logger(),
    });
    await dispatcher.dispatch([{ type: 'turn-nudge', game: mixedGame }]);
    expect(telegram.batches).toHaveLength(1);
    expect(discord.batches).toHaveLength(1);
    expect(relay.published).toEqual([]);
  });

  it('without a relay, other platforms’ events are dropped; empty batches are never sent', async () => {
    const telegram = recorder();
    const dispatcher = new EventDispatcher({
      local: { telegram: telegram.handler },
      logger: logger(),
    });
    await dispatcher.dispatch([{ type: 'turn-nudge', game: discordGame }]);
    await dispatcher.dispatch([]);
    expect(telegram.batches).toEqual([]);
    await dispatcher.start();
    await dispatcher.stop();
  });

  it('retries a failed publish, then logs it; a failing presenter is logged; nothing throws', async () => {
    const log = logger();
    const flaky = new RecordingRelay(1);
    const dispatcher = new EventDispatcher({
      local: {
        telegram: () => {
          return Promise.reject(new Error('telegram down'));
        },
      },
      relay: flaky,
      logger: log,
      publishRetryMs: 1,
    });
    await dispatcher.dispatch([{ type: 'turn-nudge', game: mixedGame }]);
    expect(flaky.published).toHaveLength(1);
    expect(log.lines).toEqual(['events: a presenter failed']);

    const dead = new RecordingRelay(Infinity);
    const hopeless = new EventDispatcher({
      local: {},
      relay: dead,
      logger: log,
      publishAttempts: 3,
      publishRetryMs: 1,
    });
    await expect(
      hopeless.dispatch([{ type: 'turn-nudge', game: discordGame }]),
    ).resolves.toBeUndefined();
    expect(log.lines.at(-1)).toBe('events: could not relay events');
  });

  it('start subscribes each local platform; stop stops the relay', async () => {
    const relay = new RecordingRelay();
    const dispatcher = new EventDispatcher({
      local: { discord: recorder().handler, telegram: recorder().handler },
      relay,
      logger: logger(),
    });
    await dispatcher.start();
    expect(relay.subscribed.sort()).toEqual(['discord', 'telegram']);
    await dispatcher.stop();
    expect(relay.stopped).toBe(true);
  });
});
