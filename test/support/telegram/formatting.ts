import type { MessageEntity } from 'grammy/types';
import { textOf } from '../text-of.js';

/**
 * Text formatting as the Bot API applies it to outgoing messages: `parse_mode` (HTML, MarkdownV2,
 * Markdown) turned into plain text plus entities, with Telegram's error messages for bad markup,
 * and the entities Telegram detects in incoming user messages (bot commands, mentions, links).
 * Offsets and lengths are in UTF-16 code units, like the Bot API's; byte offsets in error
 * messages are UTF-8, like Telegram's.
 */

export interface FormattedText {
  readonly text: string;
  readonly entities: MessageEntity[];
}

export type FormatResult =
  | { readonly ok: true; readonly value: FormattedText }
  | { readonly ok: false; readonly error: string };

const PARSE_ERROR = "Bad Request: can't parse entities: ";

/**
 * Applies `parse_mode` (or explicit `entities`, which win over it) to a message text or caption
 * and trims surrounding whitespace the way Telegram does. Errors are full Bot API descriptions.
 */
export function formatText(raw: string, parseMode: unknown, entities: unknown): FormatResult {
  if (Array.isArray(entities) && entities.length > 0) {
    return { ok: true, value: trimFormatted({ text: raw, entities: cleanEntities(entities) }) };
  }
  if (parseMode === undefined || parseMode === null || parseMode === '') {
    return { ok: true, value: trimFormatted({ text: raw, entities: [] }) };
  }
  let parsed: FormattedText | string;
  switch (textOf(parseMode).toLowerCase()) {
    case 'html':
      parsed = parseHtml(raw);
      break;
    case 'markdownv2':
      parsed = parseMarkdownV2(raw);
      break;
    case 'markdown':
      parsed = parseLegacyMarkdown(raw);
      break;
    default:
      return { ok: false, error: 'Bad Request: unsupported parse_mode' };
  }
  if (typeof parsed === 'string') return { ok: false, error: PARSE_ERROR + parsed };
  return { ok: true, value: trimFormatted(parsed) };
}

/** Entities Telegram adds to a text a user typed: bot commands, @mentions and links. */
export function detectEntities(text: string): MessageEntity[] {
  const found: MessageEntity[] = [];
  const patterns: Array<[RegExp, 'bot_command' | 'mention' | 'url']> = [
    [/(?<![\w/@])\/[A-Za-z0-9_]{1,64}(?:@[A-Za-z0-9_]{3,32})?(?![\w@/])/g, 'bot_command'],
    [/(?<![\w@/])@[A-Za-z0-9_]{5,32}(?!\w)/g, 'mention'],
    [/\bhttps?:\/\/[^\s<>"]*[^\s<>".,;:!?)\]]/g, 'url'],
  ];
  for (const [pattern, type] of patterns) {
    for (const match of text.matchAll(pattern)) {
      found.push({ type, offset: match.index, length: match[0].length });
    }
  }
  return sortEntities(found);
}

function utf8Offset(text: string, index: number): number {
  return Buffer.byteLength(text.slice(0, index), 'utf8');
}

function sortEntities(entities: MessageEntity[]): MessageEntity[] {
  return entities.sort((a, b) => a.offset - b.offset || b.length - a.length);
}

function cleanEntities(entities: unknown[]): MessageEntity[] {
  const clean: MessageEntity[] = [];
  for (const entity of entities) {
    if (typeof entity !== 'object' || entity === null) continue;
    const { type, offset, length } = entity as Record<string, unknown>;
    if (typeof type !== 'string' || typeof offset !== 'number' || typeof length !== 'number') {
      continue;
    }
    clean.push({ ...(entity as MessageEntity) });
  }
  return sortEntities(clean);
}

/** Telegram strips leading and trailing whitespace and keeps entities pointing at the same text. */
function trimFormatted({ text, entities }: FormattedText): FormattedText {
  const leading = text.length - text.trimStart().length;
  const trimmed = text.trim();
  const adjusted: MessageEntity[] = [];
  for (const entity of entities) {
    const start = Math.max(0, entity.offset - leading);
    const end = Math.min(trimmed.length, entity.offset + entity.length - leading);
    if (end > start) adjusted.push({ ...entity, offset: start, length: end - start });
  }
  return { text: trimmed, entities: sortEntities(adjusted) };
}

// === HTML ===

const HTML_TAGS: Partial<Record<string, MessageEntity['type']>> = {
  b: 'bold',
  strong: 'bold',
  i: 'italic',
  em: 'italic',
  u: 'underline',
  ins: 'underline',
  s: 'strikethrough',
  strike: 'strikethrough',
  del: 'strikethrough',
  span: 'spoiler',
  'tg-spoiler': 'spoiler',
  a: 'text_link',
  code: 'code',
  pre: 'pre',
  blockquote: 'blockquote',
  'tg-emoji': 'custom_emoji',
};

interface OpenTag {
  readonly name: string;
  readonly start: number;
  readonly attributes: Map<string, string>;
  language?: string;
}

function parseHtml(raw: string): FormattedText | string {
  let text = '';
  const entities: MessageEntity[] = [];
  const stack: OpenTag[] = [];
  let at = 0;
  while (at < raw.length) {
    const char = raw[at] ?? '';
    if (char === '&') {
      const match = /^&(#[0-9]{1,7}|#x[0-9a-fA-F]{1,6}|lt|gt|amp|quot);/.exec(
        raw.slice(at, at + 12),
      );
      if (match === null) {
        text += '&';
        at += 1;
        continue;
      }
      const name = match.at(1) ?? '';
      text += decodeHtmlEntity(name);
      at += match[0].length;
      continue;
    }
    if (char !== '<') {
      text += char;
      at += 1;
      continue;
    }
    const tagOffset = utf8Offset(raw, at);
    if (raw[at + 1] === '/') {
      const match = /^<\/([A-Za-z0-9-]*)\s*>/.exec(raw.slice(at));
      if (match === null) return `Unclosed end tag at byte offset ${tagOffset}`;
      const name = (match.at(1) ?? '').toLowerCase();
      const open = stack.pop();
      if (open === undefined) return `Unexpected end tag at byte offset ${tagOffset}`;
      if (open.name !== name) {
        return `Unmatched end tag at byte offset ${tagOffset}, expected "</${open.name}>", found "</${name}>"`;
      }
      closeHtmlTag(open, text, stack, entities);
      at += match[0].length;
      continue;
    }
    const nameMatch = /^<([A-Za-z0-9-]*)/.exec(raw.slice(at));
    const name = (nameMatch?.[1] ?? '').toLowerCase();
    if (HTML_TAGS[name] === undefined)
      return `Unsupported start tag "${name}" at byte offset ${tagOffset}`;
    at += 1 + name.length;
    const attributes = new Map<string, string>();
    while (true) {
      while (/\s/.test(raw[at] ?? '')) at += 1;
      if (at >= raw.length) return `Unclosed start tag at byte offset ${tagOffset}`;
      if (raw[at] === '>') {
        at += 1;
        break;
      }
      const attributeMatch = /^([A-Za-z0-9_-]+)/.exec(raw.slice(at));
      if (attributeMatch === null) {
        return `Empty attribute name in the tag "${name}" at byte offset ${utf8Offset(raw, at)}`;
      }
      const attribute = (attributeMatch.at(1) ?? '').toLowerCase();
      at += attribute.length;
      while (/\s/.test(raw[at] ?? '')) at += 1;
      let value = '';
      if (raw[at] === '=') {
        at += 1;
        while (/\s/.test(raw[at] ?? '')) at += 1;
        const quote = raw[at];
        if (quote === '"' || quote === "'") {
          const end = raw.indexOf(quote, at + 1);
          if (end < 0) return `Unclosed start tag at byte offset ${tagOffset}`;
          value = decodeHtmlText(raw.slice(at + 1, end));
          at = end + 1;
        } else {
          const valueMatch = /^[^\s>]*/.exec(raw.slice(at));
          value = decodeHtmlText(valueMatch?.[0] ?? '');
          at += value.length;
        }
      }
      attributes.set(attribute, value);
    }
    if (name === 'span' && attributes.get('class') !== 'tg-spoiler') {
      return `Tag "span" must have class "tg-spoiler" at byte offset ${tagOffset}`;
    }
    stack.push({ name, start: text.length, attributes });
  }
  const unclosed = stack.pop();
  if (unclosed !== undefined) {
    return `Can't find end tag corresponding to start tag "${unclosed.name}"`;
  }
  return { text, entities: sortEntities(entities) };
}

function closeHtmlTag(
  open: OpenTag,
  text: string,
  stack: OpenTag[],
  entities: MessageEntity[],
): void {
  const offset = open.start;
  const length = text.length - open.start;
  const parent = stack.at(-1);
  const codeClass = open.attributes.get('class') ?? '';
  // <pre><code class="language-ts">...</code></pre> is one pre entity with a language.
  if (open.name === 'code' && parent?.name === 'pre' && codeClass.startsWith('language-')) {
    parent.language = codeClass.slice('language-'.length);
    return;
  }
  if (length <= 0) return;
  switch (open.name) {
    case 'a': {
      const href = open.attributes.get('href');
      if (href === undefined || href === '') return;
      const mention = /^tg:\/\/user\?id=(\d+)$/.exec(href);
      if (mention !== null) {
        const id = Number(mention[1]);
        entities.push({
          type: 'text_mention',
          offset,
          length,
          user: { id, is_bot: false, first_name: '' },
        });
      } else {
        entities.push({ type: 'text_link', offset, length, url: href });
      }
      return;
    }
    case 'pre':
      entities.push({
        type: 'pre',
        offset,
        length,
        ...(open.language !== undefined ? { language: open.language } : {}),
      });
      return;
    case 'blockquote':
      entities.push({
        type: open.attributes.has('expandable') ? 'expandable_blockquote' : 'blockquote',
        offset,
        length,
      });
      return;
    case 'tg-emoji':
      entities.push({
        type: 'custom_emoji',
        offset,
        length,
        custom_emoji_id: open.attributes.get('emoji-id') ?? '',
      });
      return;
    default: {
      const type = HTML_TAGS[open.name];
      if (type !== undefined) entities.push({ type, offset, length } as MessageEntity);
    }
  }
}

function decodeHtmlEntity(name: string): string {
  switch (name) {
    case 'lt':
      return '<';
    case 'gt':
      return '>';
    case 'amp':
      return '&';
    case 'quot':
      return '"';
    default: {
      const code = name.startsWith('#x')
        ? parseInt(name.slice(2), 16)
        : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
  }
}

function decodeHtmlText(value: string): string {
  return value.replace(/&(#[0-9]{1,7}|#x[0-9a-fA-F]{1,6}|lt|gt|amp|quot);/g, (_, name: string) =>
    decodeHtmlEntity(name),
  );
}

// === MarkdownV2 ===

const MARKDOWN_V2_RESERVED = new Set('_*[]()~`>#+-=|{}.!'.split(''));

type MarkdownKind =
  'bold' | 'italic' | 'underline' | 'strikethrough' | 'spoiler' | 'text_link' | 'custom_emoji';

const MARKDOWN_V2_NAMES: Record<MarkdownKind | 'code' | 'pre', string> = {
  bold: 'Bold',
  italic: 'Italic',
  underline: 'Underline',
  strikethrough: 'Strikethrough',
  spoiler: 'Spoiler',
  text_link: 'TextUrl',
  custom_emoji: 'CustomEmoji',
  code: 'Code',
  pre: 'Pre',
};

interface OpenMarkdown {
  readonly kind: MarkdownKind;
  readonly start: number;
  readonly byteOffset: number;
}

function parseMarkdownV2(raw: string): FormattedText | string {
  let text = '';
  const entities: MessageEntity[] = [];
  const stack: OpenMarkdown[] = [];
  let quoteStart: number | undefined;
  const reserved = (char: string): string =>
    `Character '${char}' is reserved and must be escaped with the preceding '\\'`;
  const toggle = (kind: MarkdownKind, at: number): string | undefined => {
    const top = stack.at(-1);
    if (top?.kind === kind) {
      stack.pop();
      if (text.length > top.start) {
        entities.push({
          type: kind,
          offset: top.start,
          length: text.length - top.start,
        } as MessageEntity);
      }
      return undefined;
    }
    if (stack.some((open) => open.kind === kind)) {
      const inner = top as OpenMarkdown; // the stack holds one at least
      return `Can't find end of ${MARKDOWN_V2_NAMES[inner.kind]} entity at byte offset ${inner.byteOffset}`;
    }
    stack.push({ kind, start: text.length, byteOffset: utf8Offset(raw, at) });
    return undefined;
  };
  let at = 0;
  while (at < raw.length) {
    const char = raw[at] ?? '';
    const atLineStart = at === 0 || raw[at - 1] === '\n';
    if (char === '\\') {
      const next = raw.at(at + 1);
      if (next === undefined) return reserved('\\');
      text += next;
      at += 2;
      continue;
    }
    if (char === '\n' && quoteStart !== undefined && raw[at + 1] !== '>') {
      entities.push({ type: 'blockquote', offset: quoteStart, length: text.length - quoteStart });
      quoteStart = undefined;
    }
    if (!MARKDOWN_V2_RESERVED.has(char)) {
      text += char;
      at += 1;
      continue;
    }
    switch (char) {
      case '*':
      case '~': {
        const error = toggle(char === '*' ? 'bold' : 'strikethrough', at);
        if (error !== undefined) return error;
        at += 1;
        break;
      }
      case '_': {
        const double = raw[at + 1] === '_';
        const error = toggle(double ? 'underline' : 'italic', at);
        if (error !== undefined) return error;
        at += double ? 2 : 1;
        break;
      }
      case '|': {
        if (raw[at + 1] !== '|') return reserved('|');
        const error = toggle('spoiler', at);
        if (error !== undefined) return error;
        at += 2;
        break;
      }
      case '>': {
        if (!atLineStart) return reserved('>');
        if (quoteStart === undefined) quoteStart = text.length;
        at += 1;
        break;
      }
      case '[':
        stack.push({ kind: 'text_link', start: text.length, byteOffset: utf8Offset(raw, at) });
        at += 1;
        break;
      case '!': {
        if (raw[at + 1] !== '[') return reserved('!');
        stack.push({ kind: 'custom_emoji', start: text.length, byteOffset: utf8Offset(raw, at) });
        at += 2;
        break;
      }
      case ']': {
        const top = stack.at(-1);
        if (top === undefined || (top.kind !== 'text_link' && top.kind !== 'custom_emoji')) {
          return reserved(']');
        }
        if (raw[at + 1] !== '(') return reserved(']');
        let url = '';
        let end = at + 2;
        while (end < raw.length && raw[end] !== ')') {
          if (raw[end] === '\\' && end + 1 < raw.length) end += 1;
          url += raw[end];
          end += 1;
        }
        if (end >= raw.length) {
          return `Can't find end of ${MARKDOWN_V2_NAMES[top.kind]} entity at byte offset ${top.byteOffset}`;
        }
        stack.pop();
        if (text.length > top.start) {
          const range = { offset: top.start, length: text.length - top.start };
          if (top.kind === 'custom_emoji') {
            const id = /[?&]id=(\d+)/.exec(url)?.[1] ?? '';
            entities.push({ type: 'custom_emoji', ...range, custom_emoji_id: id });
          } else {
            const mention = /^tg:\/\/user\?id=(\d+)$/.exec(url);
            entities.push(
              mention !== null
                ? {
                    type: 'text_mention',
                    ...range,
                    user: { id: Number(mention[1]), is_bot: false, first_name: '' },
                  }
                : { type: 'text_link', ...range, url },
            );
          }
        }
        at = end + 1;
        break;
      }
      case '`': {
        const isPre = raw.startsWith('```', at);
        const fence = isPre ? '```' : '`';
        const byteOffset = utf8Offset(raw, at);
        let cursor = at + fence.length;
        let language: string | undefined;
        if (isPre) {
          const newline = raw.indexOf('\n', cursor);
          const firstLine = newline < 0 ? '' : raw.slice(cursor, newline);
          if (newline >= 0 && /^[^\s`]+$/.test(firstLine)) {
            language = firstLine;
            cursor = newline + 1;
          } else if (newline === cursor) {
            cursor += 1;
          }
        }
        const start = text.length;
        let closed = false;
        while (cursor < raw.length) {
          if (raw[cursor] === '\\' && cursor + 1 < raw.length) {
            text += raw[cursor + 1];
            cursor += 2;
            continue;
          }
          if (raw.startsWith(fence, cursor)) {
            closed = true;
            break;
          }
          text += raw[cursor];
          cursor += 1;
        }
        if (!closed) {
          return `Can't find end of ${isPre ? 'Pre' : 'Code'} entity at byte offset ${byteOffset}`;
        }
        if (text.length > start) {
          entities.push(
            isPre
              ? {
                  type: 'pre',
                  offset: start,
                  length: text.length - start,
                  ...(language !== undefined ? { language } : {}),
                }
              : { type: 'code', offset: start, length: text.length - start },
          );
        }
        at = cursor + fence.length;
        break;
      }
      default:
        return reserved(char);
    }
  }
  const unclosed = stack.pop();
  if (unclosed !== undefined) {
    return `Can't find end of ${MARKDOWN_V2_NAMES[unclosed.kind]} entity at byte offset ${unclosed.byteOffset}`;
  }
  if (quoteStart !== undefined && text.length > quoteStart) {
    entities.push({ type: 'blockquote', offset: quoteStart, length: text.length - quoteStart });
  }
  return { text, entities: sortEntities(entities) };
}

// === Legacy Markdown ===

function parseLegacyMarkdown(raw: string): FormattedText | string {
  let text = '';
  const entities: MessageEntity[] = [];
  let at = 0;
  while (at < raw.length) {
    const char = raw[at] ?? '';
    if (char === '\\' && '_*`['.includes(raw[at + 1] ?? 'x')) {
      text += raw[at + 1];
      at += 2;
      continue;
    }
    if (!'_*`['.includes(char)) {
      text += char;
      at += 1;
      continue;
    }
    const byteOffset = utf8Offset(raw, at);
    const unterminated = `Can't find end of the entity starting at byte offset ${byteOffset}`;
    const start = text.length;
    if (char === '[') {
      const close = raw.indexOf(']', at + 1);
      if (close < 0 || raw[close + 1] !== '(') return unterminated;
      const urlEnd = raw.indexOf(')', close + 2);
      if (urlEnd < 0) return unterminated;
      text += raw.slice(at + 1, close);
      const url = raw.slice(close + 2, urlEnd);
      if (text.length > start)
        entities.push({ type: 'text_link', offset: start, length: text.length - start, url });
      at = urlEnd + 1;
      continue;
    }
    const fence = char === '`' && raw.startsWith('```', at) ? '```' : char;
    const end = raw.indexOf(fence, at + fence.length);
    if (end < 0) return unterminated;
    let content = raw.slice(at + fence.length, end);
    let language: string | undefined;
    if (fence === '```') {
      const newline = content.indexOf('\n');
      if (newline > 0 && /^[^\s]+$/.test(content.slice(0, newline))) {
        language = content.slice(0, newline);
        content = content.slice(newline + 1);
      }
    }
    text += content;
    const range = { offset: start, length: content.length };
    if (content.length > 0) {
      if (fence === '```')
        entities.push({ type: 'pre', ...range, ...(language !== undefined ? { language } : {}) });
      else if (fence === '`') entities.push({ type: 'code', ...range });
      else entities.push({ type: char === '*' ? 'bold' : 'italic', ...range });
    }
    at = end + fence.length;
  }
  return { text, entities: sortEntities(entities) };
}
