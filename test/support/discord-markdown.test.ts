import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './discord/markdown.js';

describe("the fake Discord's markdown renderer", () => {
  it('formats what Discord formats and reads the plain text without the markers', () => {
    const shown = renderMarkdown('**b** *i* _j_ __u__ ~~s~~ ||p|| `c` ```x```');
    expect(shown.spans.map((s) => [s.kind, s.text])).toEqual([
      ['strong', 'b'],
      ['em', 'i'],
      ['em', 'j'],
      ['underline', 'u'],
      ['strike', 's'],
      ['spoiler', 'p'],
      ['code', 'c'],
      ['codeBlock', 'x'],
    ]);
    expect(shown.plain).toBe('b i j u s p c x');
    // Inside a word, underscores are not emphasis.
    expect(renderMarkdown('snake_case_name').spans).toEqual([]);
  });

  it('makes links of masked links, bare URLs and <URL>s', () => {
    expect(renderMarkdown('[Free Nitro](https://evil.example)').links).toEqual([
      { url: 'https://evil.example', text: 'Free Nitro' },
    ]);
    expect(renderMarkdown('see https://evil.example.').links).toEqual([
      { url: 'https://evil.example', text: 'https://evil.example' },
    ]);
    expect(renderMarkdown('<https://evil.example>').links).toHaveLength(1);
    // An escaped bracket stops the masked link, not the URL inside it.
    expect(renderMarkdown('\\[Free Nitro](https://evil.example)').links).toEqual([
      { url: 'https://evil.example', text: 'https://evil.example' },
    ]);
    const escaped = renderMarkdown('\\[Free Nitro](https\\://evil.example)');
    expect(escaped.links).toEqual([]);
    expect(escaped.plain).toBe('[Free Nitro](https://evil.example)');
  });

  it('reads mentions, @everyone and @here, which an escape turns back into text', () => {
    const shown = renderMarkdown('<@1> <@!2> <@&3> <#4> </top:5> <:e:6> <t:7:R> @everyone @here');
    expect(shown.mentions.map((m) => `${m.kind}:${m.id}`)).toEqual([
      'user:1',
      'user:2',
      'role:3',
      'channel:4',
      'command:5',
      'emoji:6',
      'timestamp:7',
      'everyone:',
      'here:',
    ]);
    expect(shown.plain).not.toContain('<@1>');
    const escaped = renderMarkdown('\\<@1> \\@everyone \\@here');
    expect(escaped.mentions).toEqual([]);
    expect(escaped.plain).toBe('<@1> @everyone @here');
  });

  it('reads headings, subtext, lists and quotes at the start of a line only', () => {
    const shown = renderMarkdown('# H\n-# s\n- l\n1. n\n> q\nx # no > no - no');
    expect(shown.spans.map((s) => s.kind)).toEqual(['heading', 'subtext', 'list', 'list', 'quote']);
    expect(shown.plain).toBe('H\ns\nl\nn\nq\nx # no > no - no');
    expect(renderMarkdown('\\# H\n\\-# s\n1\\. n\n\\> q').spans).toEqual([]);
    // Not inside a span either.
    expect(renderMarkdown('**# H**').spans).toEqual([{ kind: 'strong', text: '# H' }]);
    expect(renderMarkdown('>>> all\nof it').spans).toEqual([{ kind: 'quote', text: 'all\nof it' }]);
  });

  it('lets a backslash escape any punctuation, and an escaped marker close nothing', () => {
    const shown = renderMarkdown('\\*\\*b\\*\\* \\_i\\_ \\|\\|p\\|\\| \\`c\\` \\\\');
    expect(shown.spans).toEqual([]);
    expect(shown.plain).toBe('**b** _i_ ||p|| `c` \\');
    // An escaped backslash escapes nothing after it.
    expect(renderMarkdown('**a\\\\**').spans).toEqual([{ kind: 'strong', text: 'a\\' }]);
    // A backslash before a letter stays.
    expect(renderMarkdown('\\a').plain).toBe('\\a');
  });
});
