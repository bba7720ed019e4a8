import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { randomBytes } from 'node:crypto';
import {
  GatewayCloseCodes,
  GatewayDispatchEvents,
  GatewayIntentBits,
  GatewayOpcodes,
} from 'discord.js';
import { WebSocket, WebSocketServer, type RawData } from 'ws';

/**
 * The fake gateway: Discord's WebSocket protocol as @discordjs/ws speaks it (JSON encoding, no
 * transport compression). HELLO, heartbeats and their ACKs, IDENTIFY (token checked: a wrong
 * one closes with 4004) answered by READY and a GUILD_CREATE per guild of the session's shard,
 * RESUME with replay of the dispatches the session missed, and sequence numbers on every
 * dispatch. Each IDENTIFY makes a session; several may be connected (several bot processes).
 */

/** A gateway session as tests see it. */
export interface GatewaySessionView {
  /** 0 for the first session identified, 1 for the next... */
  readonly index: number;
  readonly sessionId: string;
  /** [shard id, shard count] from IDENTIFY. */
  readonly shard: readonly [number, number];
  readonly intents: number;
  /** Its WebSocket is open (false while a client is between a drop and its RESUME). */
  readonly connected: boolean;
  /** The last sequence number dispatched. */
  readonly sequence: number;
  /** How many times it was resumed. */
  readonly resumes: number;
}

export interface GatewayOptions {
  readonly token: string;
  readonly heartbeatIntervalMs: number;
  /** The gateway's ws:// URL (also its resume_gateway_url). */
  readonly url: () => string;
  /** READY's data for a new session, without session_id and resume_gateway_url. */
  readonly ready: (shard: readonly [number, number]) => Record<string, unknown>;
  /** GUILD_CREATE payloads for a shard. */
  readonly guilds: (shard: readonly [number, number]) => Record<string, unknown>[];
  /** Called after each dispatch and session change, so waits can re-check. */
  readonly changed: () => void;
}

interface Dispatch {
  readonly op: GatewayOpcodes.Dispatch;
  readonly t: string;
  readonly s: number;
  readonly d: unknown;
}

/** Dispatches a session keeps for RESUME. */
const REPLAY_LIMIT = 1000;

class Session implements GatewaySessionView {
  sequence = 0;
  resumes = 0;
  socket: WebSocket | undefined;
  readonly sent: Dispatch[] = [];

  constructor(
    readonly index: number,
    readonly sessionId: string,
    readonly shard: readonly [number, number],
    readonly intents: number,
    readonly token: string,
  ) {}

  get connected(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  dispatch(t: string, d: unknown): void {
    this.sequence += 1;
    const payload: Dispatch = { op: GatewayOpcodes.Dispatch, t, s: this.sequence, d };
    this.sent.push(payload);
    if (this.sent.length > REPLAY_LIMIT) this.sent.shift();
    if (this.connected) this.socket?.send(JSON.stringify(payload));
  }

  view(): GatewaySessionView {
    const { index, sessionId, shard, intents, connected, sequence, resumes } = this;
    return { index, sessionId, shard, intents, connected, sequence, resumes };
  }
}

export class Gateway {
  private readonly server = new WebSocketServer({ noServer: true });
  private readonly sessions: Session[] = [];
  private readonly sockets = new Set<WebSocket>();

  constructor(private readonly options: GatewayOptions) {
    this.server.on('connection', (socket, request) => this.accept(socket, request));
  }

  /** Takes over an HTTP upgrade request of the fake's server. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.server.handleUpgrade(request, socket, head, (ws) =>
      this.server.emit('connection', ws, request),
    );
  }

  get views(): GatewaySessionView[] {
    return this.sessions.map((session) => session.view());
  }

  session(index: number): Session {
    const session = this.sessions.at(index);
    if (session === undefined)
      throw new Error(`no gateway session ${index} (${this.sessions.length} identified)`);
    return session;
  }

  /** Sends a dispatch to one session (kept for its RESUME if its socket is down). */
  dispatch(index: number, t: string, d: unknown): void {
    this.session(index).dispatch(t, d);
    this.options.changed();
  }

  /** Sends a GUILD_CREATE to every session whose shard holds the guild and asked for Guilds. */
  guildCreate(
    guild: Record<string, unknown>,
    onShard: (shard: readonly [number, number]) => boolean,
  ): void {
    for (const session of this.sessions) {
      if ((session.intents & GatewayIntentBits.Guilds) === 0 || !onShard(session.shard)) continue;
      session.dispatch(GatewayDispatchEvents.GuildCreate, guild);
    }
    this.options.changed();
  }

  /** Closes a session's socket with `code` (4000 makes discord.js resume). */
  disconnect(index: number, code: number): void {
    this.session(index).socket?.close(code, 'fake Discord dropped the connection');
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.terminate();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(socket: WebSocket, request: IncomingMessage): void {
    this.sockets.add(socket);
    socket.on('close', () => {
      this.sockets.delete(socket);
      this.options.changed();
    });
    const query = new URL(request.url ?? '/', 'ws://fake.invalid').searchParams;
    if (query.get('v') !== '10') {
      socket.close(GatewayCloseCodes.InvalidAPIVersion, 'Invalid API version');
      return;
    }
    if ((query.get('encoding') ?? 'json') !== 'json' || query.has('compress')) {
      // discord.js asks for neither unless zlib-sync or ETF is installed and configured.
      socket.close(1003, 'fake Discord speaks uncompressed JSON only');
      return;
    }
    let session: Session | undefined;
    socket.send(
      JSON.stringify({
        op: GatewayOpcodes.Hello,
        d: { heartbeat_interval: this.options.heartbeatIntervalMs, _trace: ['fake-gateway'] },
        s: null,
        t: null,
      }),
    );
    socket.on('message', (raw: RawData) => {
      let payload: { op?: unknown; d?: unknown };
      try {
        // ws hands over a Buffer (its default binaryType, nodebuffer).
        payload = JSON.parse((raw as Buffer).toString('utf8')) as { op?: unknown; d?: unknown };
      } catch {
        socket.close(GatewayCloseCodes.DecodeError, 'Error while decoding payload.');
        return;
      }
      const d = (payload.d ?? {}) as Record<string, unknown>;
      switch (payload.op) {
        case GatewayOpcodes.Heartbeat:
          socket.send(
            JSON.stringify({ op: GatewayOpcodes.HeartbeatAck, d: null, s: null, t: null }),
          );
          return;
        case GatewayOpcodes.Identify:
          if (session !== undefined)
            socket.close(GatewayCloseCodes.AlreadyAuthenticated, 'Already authenticated.');
          else session = this.identify(socket, d);
          return;
        case GatewayOpcodes.Resume:
          if (session !== undefined)
            socket.close(GatewayCloseCodes.AlreadyAuthenticated, 'Already authenticated.');
          else session = this.resume(socket, d);
          return;
        case GatewayOpcodes.PresenceUpdate:
        case GatewayOpcodes.VoiceStateUpdate:
        case GatewayOpcodes.RequestGuildMembers:
          if (session === undefined)
            socket.close(GatewayCloseCodes.NotAuthenticated, 'Not authenticated.');
          return;
        default:
          socket.close(GatewayCloseCodes.UnknownOpcode, 'Unknown opcode.');
      }
    });
  }

  private identify(socket: WebSocket, d: Record<string, unknown>): Session | undefined {
    if (d.token !== this.options.token) {
      socket.close(GatewayCloseCodes.AuthenticationFailed, 'Authentication failed.');
      return undefined;
    }
    if (typeof d.intents !== 'number') {
      socket.close(GatewayCloseCodes.InvalidIntents, 'Invalid intent(s).');
      return undefined;
    }
    const [shardId, shardCount] = Array.isArray(d.shard) ? (d.shard as number[]) : [0, 1];
    if (
      shardId === undefined ||
      shardCount === undefined ||
      !(shardCount >= 1 && shardId >= 0 && shardId < shardCount)
    ) {
      socket.close(GatewayCloseCodes.InvalidShard, 'Invalid shard.');
      return undefined;
    }
    const shard = [shardId, shardCount] as const;
    const session = new Session(
      this.sessions.length,
      randomBytes(16).toString('hex'),
      shard,
      d.intents,
      d.token,
    );
    session.socket = socket;
    this.sessions.push(session);
    session.dispatch(GatewayDispatchEvents.Ready, {
      ...this.options.ready(shard),
      session_id: session.sessionId,
      resume_gateway_url: this.options.url(),
    });
    if ((session.intents & GatewayIntentBits.Guilds) !== 0) {
      for (const guild of this.options.guilds(shard))
        session.dispatch(GatewayDispatchEvents.GuildCreate, guild);
    }
    socket.on('close', () => {
      if (session.socket === socket) session.socket = undefined;
    });
    this.options.changed();
    return session;
  }

  private resume(socket: WebSocket, d: Record<string, unknown>): Session | undefined {
    const session = this.sessions.find((candidate) => candidate.sessionId === d.session_id);
    const seq = typeof d.seq === 'number' ? d.seq : -1;
    const missed = session?.sent.filter((dispatch) => dispatch.s > seq) ?? [];
    const replayable = session !== undefined && (missed[0]?.s ?? session.sequence + 1) <= seq + 1;
    if (session === undefined || d.token !== session.token || !replayable) {
      socket.send(
        JSON.stringify({ op: GatewayOpcodes.InvalidSession, d: false, s: null, t: null }),
      );
      return undefined;
    }
    if (session.socket !== undefined && session.socket !== socket) session.socket.terminate();
    session.socket = socket;
    session.resumes += 1;
    for (const dispatch of missed) socket.send(JSON.stringify(dispatch));
    session.dispatch(GatewayDispatchEvents.Resumed, null);
    socket.on('close', () => {
      if (session.socket === socket) session.socket = undefined;
    });
    this.options.changed();
    return session;
  }
}
