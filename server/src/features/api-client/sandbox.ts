import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { API_LIMITS } from '@stratum/core/api-client/model';
import { SANDBOX_WORKER_SOURCE } from './sandbox-worker';

/**
 * Pre-request and test scripts run here (issue 12 §3): QuickJS compiled to WebAssembly, in
 * worker threads so a script that spins for its whole time limit never blocks the server's event
 * loop. Each run gets a new QuickJS runtime with a heap limit (API_LIMITS.scriptMemoryBytes) and
 * an interrupt deadline (API_LIMITS.scriptTimeoutMs); QuickJS has no process, require, file,
 * network, timer or environment access, and only strings cross between the thread and the script.
 * A thread that does not answer shortly after the deadline is terminated and replaced.
 */

export interface TSandboxJob {
  /** JavaScript evaluated first (the `pm` API), defining `__stratumSetup` and `__stratumFinish`. */
  prelude: string;
  script: string;
  /** Shown in error messages: 'pre-request.js', 'tests.js'. */
  filename: string;
  /** The JSON handed to `__stratumSetup`. */
  input: string;
  /** A second string handed to it (the response body), so it is not copied into the JSON. */
  body?: string;
}

export type TSandboxOutcome = { ok: true; output: string } | { ok: false; error: string };

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  busy: boolean;
}

interface Queued {
  job: TSandboxJob;
  resolve: (outcome: TSandboxOutcome) => void;
  signal?: AbortSignal;
}

const require = createRequire(import.meta.url);

/** Past the deadline, how long a silent thread is given before it is terminated. */
const GRACE_MS = 2_000;

export class ScriptSandbox {
  private readonly slots: Slot[] = [];
  private readonly queue: Queued[] = [];
  private nextId = 1;
  private closed = false;
  private readonly size: number;
  private readonly timeoutMs: number;
  private readonly memoryBytes: number;

  constructor(options: { workers?: number; timeoutMs?: number; memoryBytes?: number } = {}) {
    this.size = Math.max(1, options.workers ?? 2);
    this.timeoutMs = options.timeoutMs ?? API_LIMITS.scriptTimeoutMs;
    this.memoryBytes = options.memoryBytes ?? API_LIMITS.scriptMemoryBytes;
  }

  run(job: TSandboxJob, signal?: AbortSignal): Promise<TSandboxOutcome> {
    if (this.closed) return Promise.resolve({ ok: false, error: 'The script sandbox is closed.' });
    return new Promise((resolve) => {
      this.queue.push({ job, resolve, ...(signal && { signal }) });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const q of this.queue.splice(0))
      q.resolve({ ok: false, error: 'The server is stopping.' });
    await Promise.all(this.slots.splice(0).map((s) => s.worker.terminate()));
  }

  private spawn(): Slot {
    const worker = new Worker(SANDBOX_WORKER_SOURCE, {
      eval: true,
      workerData: {
        corePath: require.resolve('quickjs-emscripten-core'),
        variantPath: require.resolve('@jitl/quickjs-wasmfile-release-sync'),
      },
      resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
      stdout: true,
      stderr: true,
    });
    // What QuickJS prints when it aborts is not for the server's log; drained, dropped.
    worker.stdout.resume();
    worker.stderr.resume();
    // An idle pool never keeps the process alive.
    worker.unref();
    const ready = new Promise<void>((resolve, reject) => {
      const onMessage = (m: { ready?: boolean; error?: string }) => {
        if (m.ready === undefined) return;
        worker.off('message', onMessage);
        if (m.ready) resolve();
        else reject(new Error(m.error ?? 'the sandbox failed to start'));
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
      worker.once('exit', () => reject(new Error('the sandbox thread exited')));
    });
    ready.catch(() => undefined);
    const slot: Slot = { worker, ready, busy: false };
    worker.once('exit', () => this.drop(slot));
    worker.on('error', () => undefined);
    this.slots.push(slot);
    return slot;
  }

  private drop(slot: Slot): void {
    const at = this.slots.indexOf(slot);
    if (at !== -1) this.slots.splice(at, 1);
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => !s.busy);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const next = this.queue.shift()!;
      if (next.signal?.aborted) {
        next.resolve({ ok: false, error: 'Cancelled.' });
        continue;
      }
      slot.busy = true;
      void this.execute(slot, next).then((outcome) => {
        slot.busy = false;
        next.resolve(outcome);
        this.pump();
      });
    }
  }

  private async execute(slot: Slot, { job }: Queued): Promise<TSandboxOutcome> {
    try {
      await slot.ready;
    } catch (error) {
      this.drop(slot);
      void slot.worker.terminate();
      return {
        ok: false,
        error: `The script sandbox failed to start: ${(error as Error).message}`,
      };
    }
    const id = this.nextId++;
    const { worker } = slot;
    return new Promise<TSandboxOutcome>((resolve) => {
      const finish = (outcome: TSandboxOutcome) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        resolve(outcome);
      };
      const onMessage = (m: { id?: number; output?: string; error?: string }) => {
        if (m.id !== id) return;
        finish(
          m.output !== undefined
            ? { ok: true, output: m.output }
            : { ok: false, error: m.error ?? 'The script failed.' },
        );
      };
      const onExit = () => finish({ ok: false, error: 'The script sandbox stopped unexpectedly.' });
      const timer = setTimeout(() => {
        this.drop(slot);
        void worker.terminate();
        finish({
          ok: false,
          error: `The script ran longer than ${this.timeoutMs} ms and was stopped.`,
        });
      }, this.timeoutMs + GRACE_MS);
      worker.on('message', onMessage);
      worker.once('exit', onExit);
      worker.postMessage({
        id,
        prelude: job.prelude,
        script: job.script,
        filename: job.filename,
        input: job.input,
        body: job.body ?? '',
        timeoutMs: this.timeoutMs,
        memoryBytes: this.memoryBytes,
      });
    });
  }
}
