import { describe, expect, it } from 'vitest';
import { escapeDiscord, escapeHtml, markdown } from '../../../src/adapters/discord/markdown.js';
import { renderMarkdown } from '../../support/discord/markdown.js';

describe("Discord's markdown from the catalogue's HTML", () => {
  it('turns the tags into markdown and keeps the mentions the adapter puts in', () => {
    expect(markdown('<b>Bashni</b>, <i>rated</i>: <code>/join ABC234</code> <@42> in <#7>')).toBe(
      '**Bashni**, *rated*: `/join ABC234` <@42> in <#7>',
    );
    expect(markdown('see the <a href="https://discord.com/channels/1/2/3">board</a>')).toBe(
      'see the [board](https://discord.com/channels/1/2/3)',
    );
  });

  it('shows every other text as written: escaped for HTML in, escaped for markdown out', () => {
    const name = '<b>x</b> &amp; **y** <@1> <#2> @everyone https://evil.example';
    const shown = renderMarkdown(markdown(`♟ <b>${escapeHtml(name)}</b> plays`));
    expect(shown.plain).toBe(`♟ ${name} plays`);
    expect(shown.spans).toEqual([{ kind: 'strong', text: name }]);
    expect([shown.links, shown.mentions]).toEqual([[], []]);
  });

  it('escapes what would open a block at the start of a line, and only there', () => {
    expect(markdown('1. first\n# not a heading, - nor a list')).toBe(
      '1\\. first\n\\# not a heading, - nor a list',
    );
    expect(escapeDiscord('> q', false)).toBe('> q');
    expect(escapeDiscord('> q')).toBe('\\> q');
    expect(escapeDiscord('a\n-# s')).toBe('a\n\\-# s');
  });

  it('leaves code as it is, and a code text with a backtick as plain text', () => {
    expect(markdown('<code>a*b</code>')).toBe('`a*b`');
    expect(renderMarkdown(markdown(`<code>${escapeHtml('a`b')}</code>`)).plain).toBe('a`b');
  });
});
