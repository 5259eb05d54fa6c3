import type { WebSocket } from 'ws';
import type { TLiveEvent } from '@stratum/core/contract/live/events';
import {
  LIVE_LIMITS,
  ZLiveClientFrame,
  type TLiveClientFrame,
  type TLiveServerFrame,
} from '@stratum/core/contract/live/socket';
import type { AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { LiveEvents } from '../../lib/live-events';
import type { ProjectAccess } from '../../lib/project-access';

export interface OnboardingWriter {
  save(
    actor: AuditActor & { id: string },
    projectId: string,
    input: { userId: string; step: number; dismissed: boolean },
  ): Promise<unknown>;
}

export interface ConnectionDeps {
  live: LiveEvents;
  access: ProjectAccess;
  onboarding: OnboardingWriter;
}

/** A ws message as text: one Buffer, fragments, or an ArrayBuffer. */
function byteLength(data: Buffer | ArrayBuffer | Buffer[]): number {
  if (Array.isArray(data)) return data.reduce((sum, part) => sum + part.length, 0);
  return data.byteLength;
}
function rawText(data: Buffer | ArrayBuffer | Buffer[]): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data as ArrayBuffer).toString('utf8');
}

/**
 * One authenticated live socket: it receives the user's events from every process, registers
 * one project at a time, and saves the user's tour record. A bad frame answers an error frame
 * and leaves the socket open; nothing a client sends can throw out of here.
 */
export class LiveConnection {
  private projectId: string | undefined;
  private frames = 0;
  private windowStart = Date.now();
  private alive = true;
  private readonly stop: () => void;
  private readonly keepAlive: NodeJS.Timeout;

  constructor(
    private readonly socket: WebSocket,
    private readonly actor: AuditActor & { id: string },
    readonly sessionId: string,
    private readonly deps: ConnectionDeps,
    onClose: () => void,
  ) {
    this.stop = deps.live.subscribe(actor.id, (event) => this.deliver(event));
    // A ping every 25 s keeps proxies from cutting the socket; no pong by the next one ends it.
    this.keepAlive = setInterval(() => {
      if (!this.alive) {
        socket.terminate();
        return;
      }
      this.alive = false;
      if (socket.readyState === socket.OPEN) socket.ping();
    }, LIVE_LIMITS.keepAliveMs);
    this.keepAlive.unref();
    socket.on('pong', () => (this.alive = true));
    socket.on('message', (data, isBinary) => void this.receive(data, isBinary));
    socket.on('close', () => {
      clearInterval(this.keepAlive);
      this.stop();
      onClose();
    });
    this.send({ type: 'ready', userId: actor.id });
  }

  close(code: number, reason: string): void {
    this.socket.close(code, reason);
  }

  private send(frame: TLiveServerFrame): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(frame));
  }

  private error(code: string, message: string): void {
    this.send({ type: 'error', code, message });
  }

  private deliver(event: TLiveEvent): void {
    if (event.type === 'onboarding-update' && event.projectId !== this.projectId) return;
    this.send(event);
  }

  private async receive(data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): Promise<void> {
    if (!this.withinRate()) {
      this.error('request/rate_limited', 'Too many messages; slow down.');
      return;
    }
    if (byteLength(data) > LIVE_LIMITS.maxFrameBytes) {
      this.error('request/too_large', `Messages are at most ${LIVE_LIMITS.maxFrameBytes} bytes.`);
      return;
    }
    const frame = isBinary ? undefined : parseFrame(rawText(data));
    if (!frame) {
      this.error(
        'request/invalid',
        'Unreadable message: expected JSON {type:"register",projectId} or {type:"onboarding-update",projectId,userId,step,dismissed}.',
      );
      return;
    }
    try {
      await this.handle(frame);
    } catch (error) {
      if (error instanceof AppError) this.error(error.code, error.message);
      else this.error('internal/error', 'The message could not be handled; try again.');
    }
  }

  private async handle(frame: TLiveClientFrame): Promise<void> {
    if (frame.type === 'register') {
      if (!(await this.deps.access.role(frame.projectId, this.actor.id))) {
        throw new AppError('request/not_found', 'Project not found');
      }
      this.projectId = frame.projectId;
      this.send({ type: 'registered', projectId: frame.projectId });
      return;
    }
    const { projectId, userId, step, dismissed } = frame;
    await this.deps.onboarding.save(this.actor, projectId, { userId, step, dismissed });
  }

  private withinRate(): boolean {
    const now = Date.now();
    if (now - this.windowStart >= LIVE_LIMITS.windowMs) {
      this.windowStart = now;
      this.frames = 0;
    }
    this.frames += 1;
    return this.frames <= LIVE_LIMITS.framesPerWindow;
  }
}

function parseFrame(text: string): TLiveClientFrame | undefined {
  try {
    const parsed = ZLiveClientFrame.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
