import type { IncomingMessage } from 'node:http';
import { multipartBoundary, parseMultipart } from './multipart.js';

/**
 * Turns an HTTP request to the fake Bot API into method parameters and uploaded files, accepting
 * every encoding the real Bot API accepts: query string, JSON, urlencoded and multipart/form-data
 * (with `attach://<name>` references, the way grammY uploads InputFiles).
 */

/** An uploaded file as the fake received it. */
export interface RecordedFile {
  readonly filename: string;
  readonly contentType: string;
  readonly data: Buffer;
}

export interface DecodedRequest {
  readonly params: Record<string, unknown>;
  /**
   * Uploaded files by the parameter that references them: `photo`, `document`, `media` (the file
   * of an InputMedia in editMessageMedia), `media.thumbnail`, `media.0` (sendMediaGroup)...
   * A file part that no `attach://` points at is listed under its own field name.
   */
  readonly files: Partial<Record<string, RecordedFile>>;
  /** Every file part by its multipart field name (the `attach://` name). */
  readonly attachments: ReadonlyMap<string, RecordedFile>;
}

/** Form values are strings; these parameters are numbers in the Bot API's JSON. */
const INTEGER_PARAMETERS = new Set([
  'chat_id',
  'from_chat_id',
  'message_id',
  'message_thread_id',
  'reply_to_message_id',
  'user_id',
  'offset',
  'limit',
  'timeout',
  'cache_time',
  'duration',
  'width',
  'height',
  'until_date',
  'max_connections',
]);

/** Free-text parameters: never JSON-decoded or turned into booleans, whatever they look like. */
const TEXT_PARAMETERS = new Set([
  'text',
  'caption',
  'callback_query_id',
  'inline_message_id',
  'data',
  'url',
  'title',
  'description',
  'short_description',
  'name',
  'query',
  'file_id',
  'language_code',
  'action',
  'parse_mode',
  'emoji',
  'secret_token',
  'ip_address',
]);

export class RequestDecodeError extends Error {}

export async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Decodes query string and body; throws RequestDecodeError on a malformed body. */
export function decodeRequest(
  contentType: string,
  body: Buffer,
  query: URLSearchParams,
): DecodedRequest {
  const params: Record<string, unknown> = {};
  const attachments = new Map<string, RecordedFile>();
  for (const [key, value] of query) params[key] = decodeFormValue(key, value);
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (body.length > 0 && type === 'application/json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      throw new RequestDecodeError("Bad Request: can't parse JSON object");
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new RequestDecodeError("Bad Request: can't parse JSON object");
    }
    Object.assign(params, parsed);
  } else if (body.length > 0 && type === 'application/x-www-form-urlencoded') {
    for (const [key, value] of new URLSearchParams(body.toString('utf8'))) {
      params[key] = decodeFormValue(key, value);
    }
  } else if (type === 'multipart/form-data') {
    const boundary = multipartBoundary(contentType);
    if (boundary === undefined)
      throw new RequestDecodeError('Bad Request: multipart boundary missing');
    let parts;
    try {
      parts = parseMultipart(body, boundary);
    } catch (error) {
      throw new RequestDecodeError(`Bad Request: can't parse multipart body: ${String(error)}`);
    }
    for (const part of parts) {
      if (part.filename !== undefined) {
        attachments.set(part.name, {
          filename: part.filename,
          contentType: part.contentType ?? 'application/octet-stream',
          data: part.data,
        });
      } else {
        params[part.name] = decodeFormValue(part.name, part.data.toString('utf8'));
      }
    }
  }
  return { params, files: filesByParameter(params, attachments), attachments };
}

function decodeFormValue(key: string, value: string): unknown {
  if (TEXT_PARAMETERS.has(key)) return value;
  if (INTEGER_PARAMETERS.has(key) && /^-?\d+$/.test(value)) return Number(value);
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\s*[[{]/.test(value)) {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }
  return value;
}

function filesByParameter(
  params: Record<string, unknown>,
  attachments: ReadonlyMap<string, RecordedFile>,
): Record<string, RecordedFile> {
  const files: Record<string, RecordedFile> = {};
  const referenced = new Set<string>();
  const visit = (value: unknown, path: string[]): void => {
    if (typeof value === 'string') {
      if (!value.startsWith('attach://')) return;
      const name = value.slice('attach://'.length);
      const file = attachments.get(name);
      if (file === undefined) return;
      referenced.add(name);
      files[parameterKey(path)] = file;
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, [...path, String(index)]));
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) visit(item, [...path, key]);
    }
  };
  for (const [key, value] of Object.entries(params)) visit(value, [key]);
  for (const [name, file] of attachments) if (!referenced.has(name)) files[name] = file;
  return files;
}

/** ['media', 'media'] (the file of an InputMedia) -> 'media'; ['media', '0', 'media'] -> 'media.0'. */
function parameterKey(path: string[]): string {
  const last = path[path.length - 1];
  const trimmed = path.length > 1 && last === 'media' ? path.slice(0, -1) : path;
  return trimmed.join('.');
}
