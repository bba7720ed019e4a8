/**
 * The shared message catalogue is written for Telegram's HTML; Discord reads markdown. The
 * catalogue uses a handful of tags only, so a small, exact conversion is enough.
 */
const ENTITIES: Readonly<Record<string, string>> = { '&lt;': '<', '&gt;': '>', '&amp;': '&' };

export { escapeHtml } from '../../chat/escape-html.js';

/** Converts the catalogue's HTML (b, i, a, code) to Discord markdown. */
export function markdown(html: string): string {
  return html
    .replace(/<\/?b>/g, '**')
    .replace(/<\/?i>/g, '*')
    .replace(/<\/?code>/g, '`')
    .replace(/<a href="([^"]*)">([^<]*)<\/a>/g, '[$2]($1)')
    .replace(/&(lt|gt|amp);/g, (entity) => ENTITIES[entity]!); // the pattern matches its keys only
}
