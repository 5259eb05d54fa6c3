import { createHmac } from 'node:crypto';
import { egressFetch, type DenyList, type EgressPolicy } from '../../lib/egress';

/** A state change as the owner is told it (message, e-mail and webhook say the same). */
export interface StateAlert {
  checkId: string;
  checkName: string;
  kind: string;
  transition: 'down' | 'up';
  at: Date;
  /** Down: why; up: null. */
  error: string | null;
  /** Up: when it went down (the incident's start). */
  downSince: Date | null;
}

const duration = (ms: number) => {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return 'less than a minute';
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `${Math.round(minutes / 60)} hours`;
};

export function alertText(alert: StateAlert): { subject: string; body: string } {
  const when = alert.at.toISOString().replace('T', ' ').slice(0, 19);
  if (alert.transition === 'down') {
    return {
      subject: `${alert.checkName} is down`,
      body: `The check ${alert.checkName} is down since ${when} UTC.\n\nCause: ${alert.error ?? 'unknown'}\n\nIt is on the Monitoring page, with its incident timeline.`,
    };
  }
  const outage = alert.downSince
    ? ` after ${duration(alert.at.getTime() - alert.downSince.getTime())} down`
    : '';
  return {
    subject: `${alert.checkName} is up again`,
    body: `The check ${alert.checkName} is up again at ${when} UTC${outage}.`,
  };
}

/** The JSON a webhook receives. */
export function webhookPayload(alert: StateAlert) {
  return {
    event: alert.transition === 'down' ? 'check.down' : 'check.up',
    check: { id: alert.checkId, name: alert.checkName, kind: alert.kind },
    at: alert.at.toISOString(),
    error: alert.error,
    downSince: alert.downSince?.toISOString() ?? null,
  };
}

/**
 * The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as Stripe
 * signs, so a receiver can refuse a replayed or altered delivery.
 */
export function signWebhook(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const mac = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${mac}`;
}

export interface WebhookDeps {
  egress: EgressPolicy;
  deny?: DenyList;
  /** Waits between attempts. */
  sleep: (ms: number) => Promise<void>;
  /** Ends the retries (the server is shutting down). */
  signal?: AbortSignal;
  now: () => Date;
}

/** Waits before the 2nd, 3rd and 4th attempt. */
export const WEBHOOK_BACKOFF_MS = [1_000, 5_000, 25_000] as const;
const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * POSTs the alert to the owner's webhook through the egress policy, retried with backoff until
 * a 2xx answer or the attempts run out. Answers the attempts made and whether one succeeded.
 */
export async function deliverWebhook(
  deps: WebhookDeps,
  url: string,
  secret: string | null,
  alert: StateAlert,
): Promise<{ attempts: number; isDelivered: boolean; lastError: string | null }> {
  const body = JSON.stringify(webhookPayload(alert));
  let lastError: string | null = null;
  for (let attempt = 0; attempt <= WEBHOOK_BACKOFF_MS.length; attempt += 1) {
    if (attempt > 0) await deps.sleep(WEBHOOK_BACKOFF_MS[attempt - 1]!);
    if (deps.signal?.aborted) break;
    try {
      const answer = await egressFetch(deps.egress, url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Stratum-Monitor/1.0',
          ...(secret && { 'x-stratum-signature': signWebhook(secret, body, deps.now()) }),
        },
        body,
        timeoutMs: WEBHOOK_TIMEOUT_MS,
        maxBytes: 64 * 1024,
        followRedirects: false,
        deny: deps.deny,
        signal: deps.signal,
      });
      if (answer.status >= 200 && answer.status < 300) {
        return { attempts: attempt + 1, isDelivered: true, lastError: null };
      }
      lastError = `The webhook answered ${answer.status}`;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
  }
  return { attempts: WEBHOOK_BACKOFF_MS.length + 1, isDelivered: false, lastError };
}
