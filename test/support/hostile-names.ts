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

/**
 * The names in groups of `size` (the last may be smaller), no name of a group holding another
 * of it: a message that should show several names could otherwise seem to show one that it
 * only shows inside another ('\\' inside '\\*'). Greedy, so the groups are always the same.
 */
export function namesApart(names: readonly string[], size: number): string[][] {
  const groups: string[][] = [];
  for (const name of names) {
    const apart = (other: string) => !other.includes(name) && !name.includes(other);
    const group = groups.find((g) => g.length < size && g.every(apart));
    if (group === undefined) groups.push([name]);
    else group.push(name);
  }
  return groups;
}

/** Plain names that fill a flow's last group up (they hold no hostile name, nor one them). */
const FILLERS = ['Bob', 'Carol', 'Dave', 'Erin', 'Frank', 'Grace', 'Heidi'];

/**
 * The hostile names in full groups of `size` for flows that need them (a game's two players, a
 * tournament's even field): namesApart's, the last filled up with plain names.
 */
export function hostileGroups(size: number): string[][] {
  return namesApart(HOSTILE_NAMES, size).map((group) => [...group, ...FILLERS].slice(0, size));
}

/** A flow's names with its title (the names quoted), for `it.each`. */
export function titled(names: readonly string[]): [string, readonly string[]] {
  return [names.map((name) => JSON.stringify(name)).join(', '), names];
}
