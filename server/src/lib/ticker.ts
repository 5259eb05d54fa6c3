/**
 * A job run every `intervalMs` in this process (scheduled scans, source refreshes): a tick does
 * not start while the previous one still runs, a failed tick is logged, and `stop()` waits for the
 * running one. The timer does not keep the process alive.
 */
export class Ticker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly intervalMs: number,
    private readonly run: () => Promise<unknown>,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(): void {
    if (this.timer) return;
    let isBusy = false;
    this.timer = setInterval(() => {
      if (isBusy) return;
      isBusy = true;
      this.running = this.run()
        .catch(this.onError)
        .finally(() => {
          isBusy = false;
        });
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
