/**
 * Discord's markdown as the client renders a message: the rules of simple-markdown (which
 * Discord's parser is built on; the same regular expressions for escapes, links, emphasis and
 * code) plus Discord's own (spoilers, code blocks, mentions, @everyone and @here, custom emoji,
 * timestamps, and at a line's start headings, `-#` subtext, lists and block quotes). A test asks
 * what a reader sees: the plain text, the links, the mentions and the formatted spans.
 */

export type SpanKind =
  | 'strong'
  | 'em'
  | 'underline'
  | 'strike'
  | 'spoiler'
  | 'code'
  | 'codeBlock'
  | 'heading'
  | 'subtext'
  | 'list'
  | 'quote';

export type MentionKind =
  'user' | 'role' | 'channel' | 'everyone' | 'here' | 'command' | 'emoji' | 'timestamp';

export type MarkdownNode =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'span'; readonly kind: SpanKind; readonly children: readonly MarkdownNode[] }
  | {
      readonly type: 'link';
      readonly url: string;
      /** `[text](url)` (masked), or a URL Discord makes a link of (bare or in `<…>`). */
      readonly masked: boolean;
      readonly children: readonly MarkdownNode[];
    }
  | { readonly type: 'mention'; readonly kind: MentionKind; readonly id: string };

export interface RenderedMarkdown {
  readonly nodes: readonly MarkdownNode[];
  /** What a reader sees as text; a mention reads `⟦kind:id⟧` (never its source text). */
  readonly plain: string;
  readonly links: readonly { readonly url: string; readonly text: string }[];
  readonly mentions: readonly { readonly kind: MentionKind; readonly id: string }[];
  /** Every formatted span, with its plain text. */
  readonly spans: readonly { readonly kind: SpanKind; readonly text: string }[];
}

/** Parses nested content: `inline` (a span's) never starts a line, a quote's does. */
type Parse = (source: string, inline?: boolean) => MarkdownNode[];

interface Rule {
  /** Sticky: tried at the parser's position in the whole source (lookbehinds see context). */
  readonly pattern: RegExp;
  /** Only at the start of a line. */
  readonly lineStart?: true;
  readonly node: (match: RegExpExecArray, parse: Parse) => MarkdownNode;
}

const span = (kind: SpanKind, children: MarkdownNode[]): MarkdownNode => ({
  type: 'span',
  kind,
  children,
});
const text = (value: string): MarkdownNode => ({ type: 'text', text: value });
const mention = (kind: MentionKind, id = ''): MarkdownNode => ({ type: 'mention', kind, id });
const sticky = (source: string, flags = 'y'): RegExp => new RegExp(source, flags);

// simple-markdown's link parts.
const LINK_INSIDE = String.raw`(?:\[[^\]]*\]|[^\[\]]|\](?=[^\[]*\]))*`;
const LINK_HREF = String.raw`\s*<?((?:\([^)]*\)|[^\s\\]|\\.)*?)>?(?:\s+['"]([\s\S]*?)['"])?\s*`;

/** In the order Discord tries them at a position. */
const RULES: readonly Rule[] = [
  // Line starts: block quotes (`>>> ` takes the rest), headings, subtext, list items.
  {
    pattern: sticky(String.raw` *>>> ([\s\S]*)`),
    lineStart: true,
    node: (m, parse) => span('quote', parse(m[1]!)),
  },
  {
    pattern: sticky(String.raw` *> ([^\n]*)\n?`),
    lineStart: true,
    node: (m, parse) => span('quote', parse(m[1]!)),
  },
  {
    pattern: sticky(String.raw` {0,3}#{1,3} +([^\n]*\S[^\n]*)\n?`),
    lineStart: true,
    node: (m, parse) => span('heading', parse(m[1]!, true)),
  },
  {
    pattern: sticky(String.raw` *-# +([^\n]*\S[^\n]*)\n?`),
    lineStart: true,
    node: (m, parse) => span('subtext', parse(m[1]!, true)),
  },
  {
    pattern: sticky(String.raw` *(?:[*-]|\d+\.) +([^\n]*\S[^\n]*)\n?`),
    lineStart: true,
    node: (m, parse) => span('list', parse(m[1]!, true)),
  },
  // Inline.
  {
    pattern: sticky(String.raw`\`\`\`(?:([a-z0-9_+\-.#]+?)\n)?\n*([^\n][\s\S]*?)\n*\`\`\``),
    node: (m) => span('codeBlock', [text(m[2]!)]),
  },
  { pattern: sticky(String.raw`\\([^0-9A-Za-z\s])`), node: (m) => text(m[1]!) },
  {
    pattern: sticky(String.raw`(\`+)([\s\S]*?[^\`])\1(?!\`)`),
    node: (m) => span('code', [text(m[2]!.trim())]),
  },
  { pattern: sticky(String.raw`<@!?(\d+)>`), node: (m) => mention('user', m[1]) },
  { pattern: sticky(String.raw`<@&(\d+)>`), node: (m) => mention('role', m[1]) },
  { pattern: sticky(String.raw`<#(\d+)>`), node: (m) => mention('channel', m[1]) },
  {
    pattern: sticky(String.raw`<\/([-_\p{L}\p{N} ]+):(\d+)>`, 'yu'),
    node: (m) => mention('command', m[2]),
  },
  { pattern: sticky(String.raw`<a?:(\w+):(\d+)>`), node: (m) => mention('emoji', m[2]) },
  {
    pattern: sticky(String.raw`<t:(-?\d+)(?::[tTdDfFsSR])?>`),
    node: (m) => mention('timestamp', m[1]),
  },
  {
    pattern: sticky(String.raw`<([^: >]+:\/[^ >]+)>`),
    node: (m) => ({ type: 'link', url: m[1]!, masked: false, children: [text(m[1]!)] }),
  },
  {
    pattern: sticky(String.raw`\[(${LINK_INSIDE})\]\(${LINK_HREF}\)`),
    node: (m, parse) => ({ type: 'link', url: m[2]!, masked: true, children: parse(m[1]!, true) }),
  },
  {
    pattern: sticky(String.raw`(https?:\/\/[^\s<]+[^<.,:;"')\]\s])`),
    node: (m) => ({ type: 'link', url: m[1]!, masked: false, children: [text(m[1]!)] }),
  },
  { pattern: sticky('@everyone'), node: () => mention('everyone') },
  { pattern: sticky('@here'), node: () => mention('here') },
  {
    pattern: sticky(String.raw`\*\*((?:\\[\s\S]|[^\\])+?)\*\*(?!\*)`),
    node: (m, parse) => span('strong', parse(m[1]!, true)),
  },
  {
    pattern: sticky(String.raw`__((?:\\[\s\S]|[^\\])+?)__(?!_)`),
    node: (m, parse) => span('underline', parse(m[1]!, true)),
  },
  {
    pattern: sticky(
      String.raw`\b_((?:__|\\[\s\S]|[^\\_])+?)_\b|\*(?=\S)((?:\*\*|\\[\s\S]|\s+(?:\\[\s\S]|[^\s*\\]|\*\*)|[^\s*\\])+?)\*(?!\*)`,
    ),
    node: (m, parse) => span('em', parse(m[1] ?? m[2]!, true)),
  },
  {
    pattern: sticky(String.raw`~~(?=\S)((?:\\[\s\S]|~(?!~)|[^\s~\\]|\s(?!~~))+?)~~`),
    node: (m, parse) => span('strike', parse(m[1]!, true)),
  },
  {
    pattern: sticky(String.raw`\|\|((?:\\[\s\S]|[^\\])+?)\|\|`),
    node: (m, parse) => span('spoiler', parse(m[1]!, true)),
  },
];

/**
 * Parses Discord markdown into nodes (text merged). Line-start rules apply at the start of a
 * line of the message or a quote, never inside a span (`inline`), as in Discord's parser.
 */
export function parseMarkdown(source: string, inline = false): MarkdownNode[] {
  const nodes: MarkdownNode[] = [];
  const push = (node: MarkdownNode): void => {
    const last = nodes.at(-1);
    if (node.type === 'text' && last?.type === 'text') {
      nodes[nodes.length - 1] = text(last.text + node.text);
    } else nodes.push(node);
  };
  let at = 0;
  while (at < source.length) {
    const lineStart = !inline && (at === 0 || source[at - 1] === '\n');
    let matched = false;
    for (const rule of RULES) {
      if (rule.lineStart === true && !lineStart) continue;
      rule.pattern.lastIndex = at;
      const match = rule.pattern.exec(source);
      if (match === null || match[0].length === 0) continue;
      push(rule.node(match, parseMarkdown));
      at += match[0].length;
      matched = true;
      break;
    }
    if (!matched) push(text(source[at++]!));
  }
  return nodes;
}

function plainOf(nodes: readonly MarkdownNode[]): string {
  return nodes
    .map((node) => {
      if (node.type === 'text') return node.text;
      if (node.type === 'mention') return `⟦${node.kind}:${node.id}⟧`;
      const inner = plainOf(node.children);
      // A block ends its line.
      return node.type === 'span' && BLOCKS.has(node.kind) ? `${inner}\n` : inner;
    })
    .join('');
}

const BLOCKS = new Set<SpanKind>(['heading', 'subtext', 'list', 'quote']);

/** What Discord shows of a message's markdown. */
export function renderMarkdown(source: string): RenderedMarkdown {
  const nodes = parseMarkdown(source);
  const links: { url: string; text: string }[] = [];
  const mentions: { kind: MentionKind; id: string }[] = [];
  const spans: { kind: SpanKind; text: string }[] = [];
  const walk = (list: readonly MarkdownNode[]): void => {
    for (const node of list) {
      if (node.type === 'mention') mentions.push({ kind: node.kind, id: node.id });
      if (node.type === 'link') links.push({ url: node.url, text: plainOf(node.children) });
      if (node.type === 'span') spans.push({ kind: node.kind, text: plainOf(node.children) });
      if (node.type === 'span' || node.type === 'link') walk(node.children);
    }
  };
  walk(nodes);
  return { nodes, plain: plainOf(nodes), links, mentions, spans };
}
