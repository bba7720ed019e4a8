/**
 * A small multipart/form-data parser for the fake Bot API.
 *
 * Why not `new Request(...).formData()`: undici rejects the bodies grammY actually sends
 * (`content-disposition:form-data;name="x";filename=board.png` — no spaces, unquoted filename),
 * while the real Bot API accepts them. This parser is as lenient as Telegram's.
 */

export interface MultipartPart {
  readonly name: string;
  /** Present for file parts (the `filename` or `filename*` parameter). */
  readonly filename?: string;
  readonly contentType?: string;
  readonly data: Buffer;
}

/** The `boundary` parameter of a multipart Content-Type header, or undefined. */
export function multipartBoundary(contentType: string): string | undefined {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match === null ? undefined : (match.at(1) ?? match[2]);
}

/** Splits a multipart/form-data body into its parts; throws on a body without the boundary. */
export function parseMultipart(body: Buffer, boundary: string): MultipartPart[] {
  const delimiter = Buffer.from(`--${boundary}`, 'latin1');
  const parts: MultipartPart[] = [];
  let position = body.indexOf(delimiter);
  if (position < 0) throw new Error('multipart body does not contain its boundary');
  while (true) {
    position += delimiter.length;
    // "--" right after a delimiter closes the body.
    if (body[position] === 0x2d && body[position + 1] === 0x2d) break;
    position = skipLineBreak(body, position);
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n', 'latin1'), delimiter]), position);
    if (next < 0) throw new Error('multipart body is not terminated');
    parts.push(parsePart(body.subarray(position, next)));
    position = next + 2;
  }
  return parts;
}

function skipLineBreak(body: Buffer, position: number): number {
  // Transport padding (spaces, tabs) may precede the line break.
  let at = position;
  while (body[at] === 0x20 || body[at] === 0x09) at += 1;
  if (body[at] === 0x0d && body[at + 1] === 0x0a) return at + 2;
  if (body[at] === 0x0a) return at + 1;
  return at;
}

function parsePart(raw: Buffer): MultipartPart {
  const headerEnd = raw.indexOf('\r\n\r\n');
  const headerText =
    headerEnd < 0 ? raw.toString('utf8') : raw.subarray(0, headerEnd).toString('utf8');
  const data = headerEnd < 0 ? Buffer.alloc(0) : Buffer.from(raw.subarray(headerEnd + 4));
  const headers = new Map<string, string>();
  for (const line of headerText.split(/\r\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const disposition = parseHeaderParameters(headers.get('content-disposition') ?? '');
  const name = disposition.get('name');
  if (name === undefined) throw new Error('multipart part without a name');
  const encodedFilename = disposition.get('filename*');
  const filename =
    encodedFilename !== undefined
      ? decodeExtendedValue(encodedFilename)
      : disposition.get('filename');
  return {
    name,
    data,
    ...(filename !== undefined ? { filename } : {}),
    ...(headers.has('content-type') ? { contentType: headers.get('content-type') } : {}),
  };
}

/**
 * `form-data; name="a"; filename=b c.png` -> { name: 'a', filename: 'b c.png' }. A quoted value
 * may contain `;`; an unquoted one runs to the next `;` (grammY writes unquoted file names with
 * spaces and quotes in them, always as the last parameter).
 */
function parseHeaderParameters(header: string): Map<string, string> {
  const parameters = new Map<string, string>();
  let at = header.indexOf(';');
  if (at < 0) return parameters;
  at += 1;
  while (at < header.length) {
    while (header[at] === ' ' || header[at] === '\t' || header[at] === ';') at += 1;
    const equals = header.indexOf('=', at);
    if (equals < 0) break;
    const key = header.slice(at, equals).trim().toLowerCase();
    at = equals + 1;
    let value = '';
    if (header[at] === '"') {
      at += 1;
      while (at < header.length && header[at] !== '"') {
        if (header[at] === '\\' && at + 1 < header.length) at += 1;
        value += header[at];
        at += 1;
      }
      at += 1;
    } else {
      const end = key === 'filename' ? lastParameterEnd(header, at) : header.indexOf(';', at);
      value = header.slice(at, end < 0 ? header.length : end).trim();
      at = end < 0 ? header.length : end;
    }
    parameters.set(key, value);
  }
  return parameters;
}

/** An unquoted file name ends at a `;` only if another `key=` parameter follows it. */
function lastParameterEnd(header: string, from: number): number {
  const rest = header.slice(from);
  const match = /;\s*[A-Za-z*-]+=/.exec(rest);
  return match === null ? -1 : from + match.index;
}

/** RFC 5987 `UTF-8''%E2%99%9F.png`. */
function decodeExtendedValue(value: string): string {
  const match = /^([^']*)'[^']*'(.*)$/.exec(value);
  if (match === null) return value;
  try {
    return decodeURIComponent(match.at(2) ?? '');
  } catch {
    return match.at(2) ?? '';
  }
}
