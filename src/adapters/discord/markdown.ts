/**
 * The shared message catalogue is written for Telegram's HTML; Discord reads markdown. The
 * catalogue uses a handful of tags only (b, i, code, a), so a small, exact conversion is enough:
 * the tags become markdown and every text between them is shown literally (`escapeDiscord`).
 * People's text (names, what they typed) reaches the catalogue escaped for HTML, like on
 * Telegram, and so comes out as plain text on Discord too, whatever markup it holds.
 */

export { escapeHtml } from '../../chat/words/escape-html.js';

const ENTITIES: Readonly<Record<string, string>> = {
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
  '&quot;': '"',
};

/** Characters that mean something to Discord's markdown anywhere in a line. */
const MARKUP = /[\\*_~|`<[\]]/g;
/** What Discord reads at the start of a line: quotes, headings, `-#` subtext, list items. */
const LINE_START = /^( *)(>|#|-|\+|\d+\.)/gm;

/**
 * Text shown as typed in Discord markdown: a backslash (which Discord hides, and which escapes
 * any punctuation) before every character of its markup — emphasis, code, spoilers, masked
 * links, the `<` of mentions, channels, roles, emoji and timestamps — before `@` of @everyone
 * and @here, before the colon of `scheme://` (no autolink), and before what would start a
 * quote, heading, subtext or list item at the start of a line (the text's own first line
 * only when it begins one: `lineStart`).
 */
export function escapeDiscord(text: string, lineStart = true): string {
  return text
    .replace(MARKUP, '\\$&')
    .replace(/@(?=everyone|here)/g, '\\@')
    .replace(/:(?=\/\/)/g, '\\:')
    .replace(LINE_START, (whole: string, spaces: string, mark: string, at: number) =>
      at === 0 && !lineStart ? whole : `${spaces}${escapeMark(mark)}`,
    );
}

/** `-` → `\-`, `12.` → `12\.`. */
function escapeMark(mark: string): string {
  return mark.endsWith('.') ? `${mark.slice(0, -1)}\\.` : `\\${mark}`;
}

const TAG = /<(\/?)(b|i|code)>|<a href="([^"]*)">|<\/a>|<[@#](\d+)>/y;
const MARKERS: Readonly<Record<string, string>> = { b: '**', i: '*', code: '`' };

/**
 * Converts the catalogue's HTML (b, i, code, a; and `<@id>` and `<#id>`, the user and channel
 * mentions the Discord adapter puts in) to Discord markdown; all other text is decoded and
 * escaped, so it shows as written.
 */
export function markdown(html: string): string {
  let out = '';
  let code: string | undefined;
  let href = '';
  let at = 0;
  while (at < html.length) {
    TAG.lastIndex = at;
    const tag = TAG.exec(html);
    if (tag === null) {
      const next = html.indexOf('<', at + 1);
      const end = next < 0 ? html.length : next;
      const text = decode(html.slice(at, end));
      if (code !== undefined) code += text;
      else out += escapeDiscord(text, out === '' || out.endsWith('\n'));
      at = end;
      continue;
    }
    at += tag[0].length;
    const [whole, closing, name, link, mentioned] = tag;
    if (name === 'code' && closing === '') code = '';
    else if (name === 'code') {
      out += codeSpan(code ?? '');
      code = undefined;
    } else if (name !== undefined) out += MARKERS[name];
    else if (link !== undefined) {
      href = decode(link);
      out += '[';
    } else if (mentioned !== undefined) out += whole;
    else out += `](${href})`;
  }
  return code === undefined ? out : out + codeSpan(code);
}

/** Code shows its text as is; one with a backtick (which would end it) is plain text. */
function codeSpan(text: string): string {
  return text.includes('`') ? escapeDiscord(text, false) : `\`${text}\``;
}

function decode(html: string): string {
  return html.replace(/&(lt|gt|amp|quot);/g, (entity) => ENTITIES[entity]!);
}
