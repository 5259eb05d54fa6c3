import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Logger } from 'pino';
import { ADMIN_MSG } from '@stratum/core/admin';
import type {
  TMailProvider,
  TSaveMailingConfigInput,
} from '@stratum/core/contract/system-config/mailing-config';
import type { Db } from '../../db/database';
import { auditNothingChanged, writeAudit, type AuditActor } from '../../lib/audit';
import { reasonOf } from '../../lib/error-reason';
import { AppError } from '../../lib/errors';
import type { Mailer, SmtpRoute } from '../../lib/mail/mailer';
import type { SharedState } from '../../lib/shared-state';
import { decryptSecret, encryptSecret } from './crypto';
import * as repo from './mailing-repository';
import { presentMailingConfig, type MailingSecrets } from './presenters';

const CHANGED_CHANNEL = 'mail:config-changed';

/** Where each provider's SMTP relay is when staff leave host, port or user empty. */
const PROVIDER_DEFAULTS: Record<TMailProvider, { host?: string; port?: number; user?: string }> = {
  smtp: {},
  // Azure Communication Services' SMTP relay; the user is `<resource>.<app id>.<tenant id>`.
  azure: { host: 'smtp.azurecomm.net', port: 587 },
  // §3: sendgrid is mapped to smtp, through SendGrid's relay with the API key as password.
  sendgrid: { host: 'smtp.sendgrid.net', port: 587, user: 'apikey' },
};

const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export interface MailingDeps {
  db: Db;
  mailer: Mailer;
  shared: SharedState;
  encryptionKey: Buffer;
  log: Logger;
}

interface Resolved {
  row: repo.MailingRow;
  secrets: MailingSecrets;
  smtp: SMTPTransport.Options;
}

/**
 * The mailing configuration: stored with its secrets encrypted, and — when enabled and
 * complete — the route every mail of this instance takes instead of SMTP_URL.
 */
export class MailingService {
  constructor(private readonly deps: MailingDeps) {
    deps.shared.subscribe(CHANGED_CHANNEL, () => {
      this.apply().catch((error: unknown) =>
        deps.log.error({ err: error }, 'mailing configuration could not be applied'),
      );
    });
  }

  /** Reads the stored config and points the mailer at it (or back at SMTP_URL / the outbox). */
  async apply(): Promise<void> {
    const resolved = await this.load();
    const isUsable = resolved?.row.is_enabled && isComplete(resolved.smtp);
    this.deps.mailer.useRoute(isUsable ? routeOf(resolved) : undefined);
  }

  async view() {
    const resolved = await this.load();
    return {
      config: resolved ? presentMailingConfig(resolved.row, resolved.secrets) : null,
      transport: this.deps.mailer.transportKind(),
    };
  }

  async save(input: TSaveMailingConfigInput, actor: AuditActor) {
    const { db } = this.deps;
    const defaults = PROVIDER_DEFAULTS[input.provider];
    await db.transaction().execute(async (trx) => {
      const before = await this.load(trx);
      const secrets: MailingSecrets = { ...before?.secrets };
      if (input.smtpPassword !== undefined) secrets.smtpPassword = input.smtpPassword || undefined;
      if (input.connectionString !== undefined) {
        secrets.connectionString = input.connectionString.trim() || undefined;
      }
      if (secrets.connectionString) smtpFromUrl(secrets.connectionString); // throws when invalid
      const row = await repo.saveConfig(trx, {
        provider: input.provider,
        is_enabled: input.isEnabled,
        sender_email: input.senderEmail,
        from_name: input.fromName || null,
        reply_to: input.replyTo || null,
        smtp_host: input.smtpHost || defaults.host || null,
        smtp_port: input.smtpPort ?? defaults.port ?? null,
        smtp_user: input.smtpUser || defaults.user || null,
        smtp_secure: input.smtpSecure,
        secrets: Object.values(secrets).some(Boolean)
          ? encryptSecret(this.deps.encryptionKey, JSON.stringify(secrets))
          : null,
        updated_by_email: actor.email,
      });
      if (row.is_enabled && !isComplete(smtpOf(row, secrets))) {
        throw new AppError('system/smtp_incomplete', ADMIN_MSG.smtpIncomplete);
      }
      await writeAudit(trx, actor, {
        action: 'system.mailing.save',
        targetType: 'mailing_config',
        targetId: null,
        before: before ? presentMailingConfig(before.row, before.secrets) : null,
        after: presentMailingConfig(row, secrets),
      });
    });
    await this.changed();
    return this.view();
  }

  async remove(actor: AuditActor) {
    await this.deps.db.transaction().execute(async (trx) => {
      const before = await this.load(trx);
      await repo.deleteConfig(trx);
      if (before) {
        await writeAudit(trx, actor, {
          action: 'system.mailing.delete',
          targetType: 'mailing_config',
          targetId: null,
          before: presentMailingConfig(before.row, before.secrets),
        });
      } else {
        auditNothingChanged('no mailing configuration was saved');
      }
    });
    await this.changed();
    return this.view();
  }

  /** Sends a real mail through the stored config, enabled or not. */
  async test(to: string, actor: AuditActor) {
    const resolved = await this.load();
    if (!resolved)
      throw new AppError('system/mailing_not_configured', ADMIN_MSG.mailingNotConfigured);
    if (!isComplete(resolved.smtp)) {
      throw new AppError('system/smtp_incomplete', ADMIN_MSG.smtpIncomplete);
    }
    const route = routeOf(resolved);
    const transport = nodemailer.createTransport(resolved.smtp);
    let result: { isDelivered: boolean; reason: string | null; messageId: string | null };
    try {
      const info = (await transport.sendMail({
        from: route.from,
        ...(route.replyTo && { replyTo: route.replyTo }),
        to,
        subject: 'Stratum test mail',
        text: `This is a test mail from Stratum, sent by ${actor.email} through ${String(resolved.smtp.host)}:${String(resolved.smtp.port)}.\nIf you can read it, the mailing configuration works.\n`,
        html: `<p>This is a test mail from Stratum, sent by ${escapeHtml(actor.email)}.</p><p>If you can read it, the mailing configuration works.</p>`,
      })) as { messageId?: string };
      result = { isDelivered: true, reason: null, messageId: info.messageId ?? null };
    } catch (error) {
      result = { isDelivered: false, reason: reasonOf(error), messageId: null };
    } finally {
      transport.close();
    }
    await writeAudit(this.deps.db, actor, {
      action: 'system.mailing.test',
      targetType: 'mailing_config',
      targetId: null,
      after: { to, isDelivered: result.isDelivered, reason: result.reason },
    });
    return {
      ...result,
      to,
      message: result.isDelivered ? `Test mail sent to ${to}` : 'The test mail could not be sent',
    };
  }

  private async changed(): Promise<void> {
    await this.apply();
    await this.deps.shared.publish(CHANGED_CHANNEL, 'changed');
  }

  private async load(db: Db = this.deps.db): Promise<Resolved | undefined> {
    const row = await repo.findConfig(db);
    if (!row) return undefined;
    const secrets = row.secrets
      ? (JSON.parse(decryptSecret(this.deps.encryptionKey, row.secrets)) as MailingSecrets)
      : {};
    return { row, secrets, smtp: smtpOf(row, secrets) };
  }
}

function smtpOf(row: repo.MailingRow, secrets: MailingSecrets): SMTPTransport.Options {
  if (secrets.connectionString) return smtpFromUrl(secrets.connectionString);
  return {
    ...(row.smtp_host && { host: row.smtp_host }),
    port: row.smtp_port ?? (row.smtp_secure ? 465 : 587),
    secure: row.smtp_secure,
    ...(row.smtp_user && { auth: { user: row.smtp_user, pass: secrets.smtpPassword ?? '' } }),
    ...TIMEOUTS,
  };
}

/** `smtp://user:password@host:port` or `smtps://…`; anything else is not a provider we know. */
function smtpFromUrl(value: string): SMTPTransport.Options {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AppError('system/invalid_provider', ADMIN_MSG.invalidProvider);
  }
  if ((url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) {
    throw new AppError('system/invalid_provider', ADMIN_MSG.invalidProvider);
  }
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(url.username && {
      auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
    }),
    ...TIMEOUTS,
  };
}

/** §5: the SMTP test (and sending) needs a host and a user. */
function isComplete(smtp: SMTPTransport.Options): boolean {
  return Boolean(smtp.host) && Boolean(smtp.auth?.user);
}

function routeOf({ row, smtp }: Resolved): SmtpRoute {
  return {
    smtp,
    from: row.from_name ? { name: row.from_name, address: row.sender_email } : row.sender_email,
    ...(row.reply_to && { replyTo: row.reply_to }),
  };
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
