import type { IncomingMessage } from 'node:http';
import { invalidJson } from './api-error.js';

/**
 * Reads a REST request body the way Discord accepts it: JSON, or multipart/form-data with a
 * `payload_json` part (or plain fields) and file parts named `files[n]`.
 */

/** An uploaded file as the fake received it. */
export interface UploadedFile {
  /** `n` of the `files[n]` part: the `id` a body's `attachments` entry refers to. */
  readonly index: number;
  readonly filename: string;
  readonly contentType: string;
  readonly data: Buffer;
}

export interface DecodedBody {
  /** The JSON body (or `payload_json`); undefined when the request had none. */
  readonly json: unknown;
  readonly files: readonly UploadedFile[];
}

export async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Decodes a body; throws DiscordError 50109 when the JSON does not parse. */
export async function decodeBody(contentType: string, body: Buffer): Promise<DecodedBody> {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'multipart/form-data') return decodeMultipart(contentType, body);
  if (body.length === 0) return { json: undefined, files: [] };
  return { json: parseJson(body.toString('utf8')), files: [] };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalidJson();
  }
}

async function decodeMultipart(contentType: string, body: Buffer): Promise<DecodedBody> {
  // undici (Node's fetch) parses the multipart bodies discord.js writes with undici's FormData.
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw invalidJson();
  }
  let json: Record<string, unknown> | undefined;
  const fields: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  for (const [name, value] of form) {
    if (typeof value === 'string') {
      if (name === 'payload_json') json = parseJson(value) as Record<string, unknown>;
      else fields[name] = value;
      continue;
    }
    const indexed = /^files\[(\d+)\]$/.exec(name);
    files.push({
      index: indexed === null ? files.length : Number(indexed[1]),
      filename: value.name,
      contentType: value.type || 'application/octet-stream',
      data: Buffer.from(await value.arrayBuffer()),
    });
  }
  const merged = json ?? (Object.keys(fields).length > 0 ? fields : undefined);
  return { json: merged, files };
}
