/** File facts the Bot API derives from an upload: image size, MIME type from the name. */

const MIME_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  txt: 'text/plain',
  json: 'application/json',
  zip: 'application/zip',
  csv: 'text/csv',
};

export function mimeTypeOf(filename: string): string {
  return MIME_TYPES[extension(filename)] ?? 'application/octet-stream';
}

export function extension(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
}

/** Width and height from a PNG, GIF or JPEG header; 512x512 for anything else. */
export function imageSize(data: Buffer): { width: number; height: number } {
  if (data.length >= 10 && data.toString('latin1', 0, 4) === 'GIF8') {
    return { width: data.readUInt16LE(6), height: data.readUInt16LE(8) };
  }
  if (data.length >= 24 && data.readUInt32BE(0) === 0x89504e47) {
    return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  }
  if (data.length > 4 && data[0] === 0xff && data[1] === 0xd8) {
    let at = 2;
    while (at + 9 < data.length && data[at] === 0xff) {
      const marker = data[at + 1] ?? 0;
      const length = data.readUInt16BE(at + 2);
      if (marker >= 0xc0 && marker <= 0xc3) {
        return { width: data.readUInt16BE(at + 7), height: data.readUInt16BE(at + 5) };
      }
      at += 2 + length;
    }
  }
  return { width: 512, height: 512 };
}
