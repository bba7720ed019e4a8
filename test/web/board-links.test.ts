import { describe, expect, it } from 'vitest';
import { BOARD_LINK_TTL_MS, BoardLinks } from '../../src/web/board-links.js';
import { purposeKey } from '../../src/web/signed-payload.js';

const KEY = purposeKey('bashni-board-link', 'discord-token');
const ANNA = { platform: 'discord' as const, userId: '111', name: 'Anna' };

function setup() {
  const clock = { time: Date.UTC(2026, 11, 3, 12), now: () => clock.time };
  return { clock, links: new BoardLinks('https://bot.example/', KEY, clock) };
}
const tokenOf = (link: string) => new URL(link).searchParams.get('t') ?? '';

describe('board links', () => {
  it('open one game for one user, for a few minutes', () => {
    const { clock, links } = setup();
    const link = links.link(ANNA, 'g42');
    expect(link).toMatch(/^https:\/\/bot\.example\/board\/\?t=[\w-]+\.[\w-]{16}$/);
    expect(links.read(tokenOf(link))).toEqual({
      ok: true,
      value: { ...ANNA, gameId: 'g42', expiresAt: clock.time + BOARD_LINK_TTL_MS },
    });
    clock.time += BOARD_LINK_TTL_MS + 1;
    expect(links.read(tokenOf(link))).toMatchObject({ error: { code: 'board-link-expired' } });
  });

  it('refuse a link changed to another user or game, one of another key, and garbage', () => {
    const { clock, links } = setup();
    const [payload, sig] = tokenOf(links.link(ANNA, 'g42')).split('.');
    const changed = Buffer.from(
      JSON.stringify(['discord', '222', 'g42', clock.time + BOARD_LINK_TTL_MS]),
    ).toString('base64url');
    for (const token of [
      `${changed}.${sig}`,
      tokenOf(
        new BoardLinks('https://bot.example/', purposeKey('x', 'y'), clock).link(ANNA, 'g42'),
      ),
      `${payload}.${'A'.repeat(16)}`,
      'nonsense',
      '',
    ])
      expect(links.read(token), token).toMatchObject({ error: { code: 'board-link-forged' } });
  });
});
