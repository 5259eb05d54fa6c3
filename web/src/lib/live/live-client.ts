import {
  LIVE_CLOSE,
  LIVE_RECONNECT,
  type TLiveClientFrame,
  type TLiveServerFrame,
} from '@stratum/core/contract/live/socket';

/** The part of a browser WebSocket the client uses (tests hand in a fake). */
export type SocketLike = Pick<
  WebSocket,
  'readyState' | 'send' | 'close' | 'onmessage' | 'onclose' | 'onerror'
>;

export interface LiveClientOptions {
  /** A single-use ticket (POST /api/live/tickets). */
  getTicket(): Promise<string>;
  /** The socket's address for a ticket. */
  urlFor(ticket: string): string;
  createSocket(url: string): SocketLike;
  /** Told once the attempts are spent (§4: the error is reported). */
  onGiveUp(error: Error): void;
}

type FrameOf<T extends TLiveServerFrame['type']> = Extract<TLiveServerFrame, { type: T }>;
type Handler = (frame: TLiveServerFrame) => void;

const OPEN = 1;

/** §4/§9: the wait before reconnect attempt `attempt` (1-based): 1 s, 2 s, 4 s, 8 s, 16 s. */
export function reconnectDelay(attempt: number): number {
  return LIVE_RECONNECT.firstDelayMs * 2 ** (attempt - 1);
}

/**
 * The browser's one live socket: it connects with a ticket, registers the current project
 * (again after every reconnect), hands frames to handlers by type, and after a close retries
 * with a delay from 1 s doubling, at most 5 times, then gives up and reports.
 */
export class LiveClient {
  private socket: SocketLike | undefined;
  private projectId: string | null = null;
  private attempts = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private isStopped = true;
  /** Bumped by start and stop, so a connect begun before a stop never opens a socket after it. */
  private generation = 0;
  private lastError = 'closed';
  private readonly handlers = new Map<string, Set<Handler>>();

  constructor(private readonly options: LiveClientOptions) {}

  start(): void {
    if (!this.isStopped) return;
    this.isStopped = false;
    this.generation += 1;
    this.attempts = 0;
    void this.connect();
  }

  stop(): void {
    this.isStopped = true;
    this.generation += 1;
    clearTimeout(this.timer);
    const socket = this.socket;
    this.socket = undefined;
    socket?.close(1000, 'Page closed');
  }

  /** The project the page shows (null for none); sent now if connected, and after reconnects. */
  register(projectId: string | null): void {
    this.projectId = projectId;
    if (projectId) this.send({ type: 'register', projectId });
  }

  /** Sends a frame if connected; answers whether it went. */
  send(frame: TLiveClientFrame): boolean {
    if (this.socket?.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  on<T extends TLiveServerFrame['type']>(
    type: T,
    handler: (frame: FrameOf<T>) => void,
  ): () => void {
    const set = this.handlers.get(type) ?? new Set<Handler>();
    set.add(handler as Handler);
    this.handlers.set(type, set);
    return () => set.delete(handler as Handler);
  }

  private async connect(): Promise<void> {
    const generation = this.generation;
    let socket: SocketLike;
    try {
      const ticket = await this.options.getTicket();
      if (generation !== this.generation) return;
      socket = this.options.createSocket(this.options.urlFor(ticket));
    } catch (error) {
      if (generation !== this.generation) return;
      this.lastError = error instanceof Error ? error.message : String(error);
      this.retry();
      return;
    }
    this.socket = socket;
    socket.onmessage = (event) => this.receive(event.data);
    socket.onerror = () => (this.lastError = 'The live connection failed');
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      // Signed out elsewhere: the session is over, so there is nothing to reconnect to.
      if (event.code === LIVE_CLOSE.revoked) {
        this.isStopped = true;
        return;
      }
      this.lastError = `The live connection closed (${event.code}${event.reason ? `: ${event.reason}` : ''})`;
      this.retry();
    };
  }

  private receive(data: unknown): void {
    let frame: TLiveServerFrame;
    try {
      frame = JSON.parse(String(data)) as TLiveServerFrame;
    } catch {
      return;
    }
    if (typeof frame !== 'object' || frame === null || typeof frame.type !== 'string') return;
    if (frame.type === 'ready') {
      this.attempts = 0;
      if (this.projectId) this.send({ type: 'register', projectId: this.projectId });
    }
    for (const handler of this.handlers.get(frame.type) ?? []) handler(frame);
  }

  private retry(): void {
    if (this.isStopped) return;
    if (this.attempts >= LIVE_RECONNECT.maxAttempts) {
      this.isStopped = true;
      this.options.onGiveUp(
        new Error(
          `Live updates stopped after ${LIVE_RECONNECT.maxAttempts} reconnect attempts: ${this.lastError}`,
        ),
      );
      return;
    }
    this.attempts += 1;
    this.timer = setTimeout(() => void this.connect(), reconnectDelay(this.attempts));
  }
}
