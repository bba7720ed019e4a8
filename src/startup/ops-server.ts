/**
 * The operations endpoint of a bot process, on its own port (METRICS_PORT) in polling and
 * webhook mode alike: GET /healthz and GET /metrics. Nothing else is served.
 */
import type { Server } from 'node:http';
import type { Logger } from '../game/logger.js';
import type { HealthStatus, PartHealth } from '../store/store-health.js';

/**
 * One health check: true (works) or false (fails), or a status with its reason ('degraded'
 * still serves, 'failing' does not); a rejection counts as failing.
 */
export type HealthCheck = () => Promise<boolean | PartHealth> | boolean | PartHealth;

/** The body of GET /healthz. */
export interface HealthBody {
  /** True unless some check is failing (then the answer is 503). */
  readonly ok: boolean;
  /** The worst of the checks: failing, else degraded, else ok. */
  readonly status: HealthStatus;
  /** Each check: true unless failing. */
  readonly checks: Record<string, boolean>;
  /** Why, for each check not ok. */
  readonly reasons: Record<string, string>;
}

export interface OpsServerOptions {
  /** A server already listening on METRICS_PORT (listen.ts bindPort), taken over here. */
  readonly server: Server;
  readonly checks: Readonly<Record<string, HealthCheck>>;
  /** The Prometheus text exposition. */
  readonly metrics: () => Promise<string>;
  readonly logger: Logger;
  /** How long one check may take before it counts as failed. */
  readonly checkTimeoutMs?: number;
}

export interface OpsServer {
  /** The port listened on (the one chosen by the system when asked for 0). */
  readonly port: number;
  close(): Promise<void>;
}

/** An error's message for the health body: its first line, short, with no URL credentials. */
function sayError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text.split('\n')[0] ?? '').replace(/\/\/[^@/\s]*@/g, '//').slice(0, 200);
}

async function runCheck(check: HealthCheck, timeoutMs: number): Promise<PartHealth> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<PartHealth>((resolve) => {
    timer = setTimeout(
      () => resolve({ status: 'failing', reason: `no answer in ${timeoutMs} ms` }),
      timeoutMs,
    );
  });
  try {
    const answer = await Promise.race([Promise.resolve().then(check), late]);
    if (answer === true) return { status: 'ok' };
    if (answer === false) return { status: 'failing', reason: 'not working' };
    return answer;
  } catch (error) {
    return { status: 'failing', reason: sayError(error) }; // a failed check is the answer
  } finally {
    clearTimeout(timer);
  }
}

const WORST: readonly HealthStatus[] = ['failing', 'degraded', 'ok'];

/** Every check at once: `ok` unless one fails, `status` the worst, reasons for the others. */
export async function health(
  checks: Readonly<Record<string, HealthCheck>>,
  timeoutMs: number,
): Promise<HealthBody> {
  const results = await Promise.all(
    Object.entries(checks).map(
      async ([name, check]) => [name, await runCheck(check, timeoutMs)] as const,
    ),
  );
  const status = WORST.find((worst) => results.some(([, r]) => r.status === worst)) ?? 'ok';
  return {
    ok: status !== 'failing',
    status,
    checks: Object.fromEntries(results.map(([name, r]) => [name, r.status !== 'failing'])),
    reasons: Object.fromEntries(
      results.filter(([, r]) => r.status !== 'ok').map(([name, r]) => [name, r.reason ?? r.status]),
    ),
  };
}

/**
 * Logs what /healthz answers when it changes (its status, or which checks are not ok; not the
 * wording of a reason, which may count seconds): once, however often it is asked.
 */
function healthChanges(logger: Logger): (body: HealthBody) => void {
  let last = 'ok';
  return (body) => {
    const now = [body.status, ...Object.keys(body.reasons)].join(' ');
    if (now === last) return;
    last = now;
    if (body.status === 'ok') logger.info('health: ok');
    else logger.warn(`health: ${body.status}`, { reasons: body.reasons });
  };
}

/** Starts serving /healthz and /metrics on the listening server. */
export function startOpsServer(options: OpsServerOptions): OpsServer {
  const timeoutMs = options.checkTimeoutMs ?? 2_000;
  const logChange = healthChanges(options.logger);
  const { server } = options;
  server.removeAllListeners('request');
  server.on('request', (request, response) => {
    void (async () => {
      const path = (request.url ?? '').split('?')[0];
      if (request.method !== 'GET' || (path !== '/healthz' && path !== '/metrics')) {
        response.writeHead(404).end();
        return;
      }
      if (path === '/healthz') {
        const result = await health(options.checks, timeoutMs);
        logChange(result);
        response
          .writeHead(result.ok ? 200 : 503, { 'content-type': 'application/json' })
          .end(JSON.stringify(result));
        return;
      }
      const text = await options.metrics();
      response.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' }).end(text);
    })().catch((error: unknown) => {
      options.logger.error('ops server: request failed', { path: request.url, err: error });
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address !== null ? address.port : 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
