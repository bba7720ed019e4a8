/**
 * Names people may choose to break a bot's messages: markup of Discord's markdown and of
 * Telegram's HTML, mention syntax, links, invisible and very long names. Each platform's tests
 * run them through every message that shows a name.
 */

/** An id a hostile name points its mentions at: a bystander the tests create with it. */
export const BYSTANDER_ID = '123456789012345678';

/** Zero-width characters only: a name that shows nothing (the bot shows the username instead). */
export const INVISIBLE_NAME = '\u200b\u200b\u2060';

export const HOSTILE_NAMES: readonly string[] = [
  '[Free Nitro](https://evil.example)',
  '@everyone',
  '@here',
  '**bold**',
  '__u__',
  '*i*',
  '_j_',
  '~~s~~',
  '`code`',
  '```block```',
  '||spoiler||',
  '> quote',
  '>>> all quoted',
  '# Heading',
  '-# small',
  '- item',
  '1. first',
  `<@${BYSTANDER_ID}>`,
  `<@!${BYSTANDER_ID}>`,
  `<#${BYSTANDER_ID}>`,
  `<@&${BYSTANDER_ID}>`,
  '<t:0:R> <:nitro:1>',
  'https://evil.example',
  'https://evil.example/_x_*y*',
  '\\',
  '\\*',
  'tail\\',
  '<b>bold</b> &amp; <a href="https://evil.example">x</a>',
  '/start @BotFather #tag',
  INVISIBLE_NAME,
  '[x](https://evil.example) **b** <@1> '.repeat(6).slice(0, 200),
];
