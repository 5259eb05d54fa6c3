import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { AppError } from '../errors';
import type { TJobHandlers, TJobReply, TJobRequest } from './protocol';

export interface TJobPoolOptions {
  /** Worker threads; each holds its own copy of the engine, started when first needed. */
  workers: number;
  /** Jobs waiting for a free worker; past it a new job is answered "busy" at once. */
  queueLimit: number;
  /** One job's deadline once a worker runs it (waiting in the queue does not count). */
  timeoutMs: number;
}

/**
 * One core stays with the event loop; at most 4 workers (each needs ~200 MB for a big job). The
 * deadline is a guard against runaway input, not a budget: a 5 MB upload takes seconds on an idle
 * core and half a minute on a busy shared one.
 */
export function defaultJobPoolOptions(cores = availableParallelism()): TJobPoolOptions {
  const workers = Math.max(1, Math.min(4, cores - 1));
  return { workers, queueLimit: workers * 8, timeoutMs: 120_000 };
}

/** A job whose handler threw something other than an AppError (a parser on odd input). */
export class JobCrash extends Error {
  constructor(
    message: string,
    readonly workerStack?: string,
  ) {
    super(message);
    this.name = 'JobCrash';
  }
}

/** The jobs a caller may run: a feature declares the handlers it needs, not the whole pool. */
export interface JobRunner<H extends TJobHandlers> {
  run<K extends keyof H & string>(
    kind: K,
    input: Parameters<H[K]>[0],
    /** How the job is named in its timeout message, e.g. "This conversion". */
    what: string,
  ): Promise<Awaited<ReturnType<H[K]>>>;
}

interface Job {
  id: number;
  kind: string;
  input: unknown;
  what: string;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  isReady: boolean;
  job?: Job;
  timer?: NodeJS.Timeout;
}

interface PoolLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * A fixed pool of worker threads for CPU-heavy jobs (conversion, IaC generation), so they never
 * hold the event loop: a bounded queue, a per-job deadline that kills and replaces the worker,
 * and a worker that dies takes only its own job with it (decision 0032).
 */
export class JobPool<H extends TJobHandlers> implements JobRunner<H> {
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private isClosed = false;

  constructor(
    private readonly entry: { url: URL; execArgv?: string[] },
    private readonly options: TJobPoolOptions,
    private readonly log: PoolLog,
  ) {}

  run<K extends keyof H & string>(
    kind: K,
    input: Parameters<H[K]>[0],
    what: string,
  ): Promise<Awaited<ReturnType<H[K]>>> {
    if (this.isClosed) return Promise.reject(busy('The server is shutting down.'));
    if (this.queue.length >= this.options.queueLimit) {
      return Promise.reject(
        busy(
          'The server is busy with other conversions and generations; try again in a few seconds.',
        ),
      );
    }
    return new Promise((resolve, reject) => {
      this.queue.push({
        id: this.nextId++,
        kind,
        input,
        what,
        resolve: resolve,
        reject,
      });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.isClosed = true;
    for (const job of this.queue.splice(0)) job.reject(busy('The server is shutting down.'));
    await Promise.all([...this.slots].map((slot) => this.retire(slot)));
  }

  /** Hands queued jobs to idle ready workers, starting workers while the pool is not full. */
  private dispatch(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (slot.isReady && !slot.job) this.start(slot, this.queue.shift()!);
    }
    let starting = [...this.slots].filter((s) => !s.isReady).length;
    while (this.queue.length > starting && this.slots.size < this.options.workers) {
      this.spawn();
      starting++;
    }
  }

  private start(slot: Slot, job: Job): void {
    const request: TJobRequest = { id: job.id, kind: job.kind, input: job.input };
    try {
      slot.worker.postMessage(request);
    } catch (error) {
      // The input cannot cross to the thread (a function, a socket): the caller's bug.
      job.reject(error as Error);
      return this.dispatch();
    }
    slot.job = job;
    slot.timer = setTimeout(() => this.expire(slot), this.options.timeoutMs);
  }

  private spawn(): void {
    const worker = new Worker(this.entry.url, {
      ...(this.entry.execArgv && { execArgv: this.entry.execArgv }),
      name: 'stratum-job',
    });
    worker.unref();
    const slot: Slot = { worker, isReady: false };
    this.slots.add(slot);
    worker.on('message', (reply: TJobReply) => this.receive(slot, reply));
    worker.on('error', (error) => {
      this.log.error({ err: error, kind: slot.job?.kind }, 'job worker failed');
      this.settle(slot)?.reject(new JobCrash(error.message, error.stack));
    });
    worker.on('exit', (code) => {
      const wasReady = slot.isReady;
      this.slots.delete(slot);
      this.settle(slot)?.reject(new JobCrash(`the worker stopped (exit code ${code})`));
      if (this.isClosed) return;
      if (!wasReady) {
        // It could not even load: the queue would only spin up the same failure again.
        this.log.error({ code }, 'job worker could not start');
        const failed = this.queue.splice(0);
        for (const job of failed) job.reject(busy('The server could not start a worker.'));
        return;
      }
      this.dispatch();
    });
  }

  private receive(slot: Slot, reply: TJobReply): void {
    if (reply.type === 'ready') {
      slot.isReady = true;
      return this.dispatch();
    }
    const job = slot.job;
    if (!job || job.id !== reply.id) return;
    this.settle(slot);
    if (reply.ok) job.resolve(reply.value);
    else if (reply.error.kind === 'app') {
      job.reject(new AppError(reply.error.code, reply.error.message, reply.error.extra));
    } else job.reject(new JobCrash(reply.error.message, reply.error.stack));
    this.dispatch();
  }

  /** A job past its deadline: the thread is stopped mid-computation and a fresh one replaces it. */
  private expire(slot: Slot): void {
    const job = this.settle(slot);
    if (!job) return;
    const seconds = Math.round(this.options.timeoutMs / 100) / 10;
    this.log.warn({ kind: job.kind, timeoutMs: this.options.timeoutMs }, 'job timed out');
    job.reject(
      new AppError(
        'request/too_large',
        `${job.what} took longer than ${seconds} s, the most the server gives one, and was stopped. Try a smaller input.`,
      ),
    );
    void this.retire(slot).then(() => this.dispatch());
  }

  /** Detaches the slot's job (if any) and clears its deadline. */
  private settle(slot: Slot): Job | undefined {
    const job = slot.job;
    clearTimeout(slot.timer);
    slot.job = undefined;
    slot.timer = undefined;
    return job;
  }

  private async retire(slot: Slot): Promise<void> {
    this.slots.delete(slot);
    slot.worker.removeAllListeners('exit');
    this.settle(slot)?.reject(busy('The server is shutting down.'));
    await slot.worker.terminate();
  }
}

const busy = (message: string) =>
  new AppError('internal/unavailable', message, { retryAfterSeconds: 5 });
