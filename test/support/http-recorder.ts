import { createServer, type IncomingMessage, type Server } from 'node:http';

/** A request as the recorder saw it. */
export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: unknown;
}

/** A tiny HTTP server on 127.0.0.1 that records every request and answers with `reply`. */
export interface HttpRecorder {
  /** The server's root, e.g. http://127.0.0.1:45678 */
  readonly root: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * Starts a recorder. `reply` gets each request (its JSON body parsed) and returns the status and
 * the JSON to answer with; by default 200 and the request's own body (as Discord's bulk
 * overwrite answers with the commands it now has).
 */
export async function startHttpRecorder(
  reply: (request: RecordedRequest) => { status: number; json: unknown } = (request) => ({
    status: 200,
    json: request.body,
  }),
): Promise<HttpRecorder> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const recorded: RecordedRequest = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: text === '' ? undefined : (JSON.parse(text) as unknown),
      };
      requests.push(recorded);
      const { status, json } = reply(recorded);
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    root: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
