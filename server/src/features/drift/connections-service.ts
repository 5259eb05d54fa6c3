import type {
  TAwsConnectionInput,
  TCloudConnection,
} from '@stratum/core/contract/drift/connections';
import type { TActualResource, TDesiredResource } from '@stratum/core/drift/model';
import type { Db } from '../../db/database';
import { EgressRefusedError, type EgressPolicy } from '../../lib/egress';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { decryptSecret, encryptSecret } from '../../lib/secrets';
import {
  AWS_LIVE_TYPES,
  awsClients,
  readAws,
  verifyAws,
  type AwsCredentials,
  type TAwsLiveType,
} from './aws-reader';
import { presentConnection } from './presenters';
import { isUuid } from './repository';
import { withDriftTables, type DriftDb } from './tables';

export interface ConnectionsDeps {
  db: Db;
  egress: EgressPolicy;
  encryptionKey: Buffer;
}

const MAX_CONNECTIONS = 50;
export const CONNECTION_NOT_FOUND = 'Connection not found';
const notFound = () => new AppError('drift/not_found', CONNECTION_NOT_FOUND);

/** What went wrong talking to AWS, in words: the service's error code and message, or the policy. */
export function awsFailure(error: unknown): string {
  if (error instanceof EgressRefusedError) {
    return `The server may not connect to ${error.host}: ${error.message}`;
  }
  const e = error as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode;
  const name = e.name && e.name !== 'Error' ? `${e.name}: ` : '';
  return `AWS answered ${status ? `HTTP ${status} ` : ''}${name}${e.message ?? String(error)}`.trim();
}

/** Cloud credentials for live reads (§6), sealed at rest, checked with one read when added. */
export class ConnectionsService {
  readonly db: DriftDb;

  constructor(private readonly deps: ConnectionsDeps) {
    this.db = withDriftTables(deps.db);
  }

  async list(userId: string): Promise<TCloudConnection[]> {
    const rows = await this.db
      .selectFrom('drift_connections')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map(presentConnection);
  }

  async create(actor: AuditActor, input: TAwsConnectionInput): Promise<TCloudConnection> {
    const userId = actor.id;
    const count = await this.db
      .selectFrom('drift_connections')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(count?.n ?? 0) >= MAX_CONNECTIONS) {
      throw new AppError(
        'drift/invalid_scan',
        `You have ${MAX_CONNECTIONS} connections, the most there may be: remove one first.`,
      );
    }
    const endpoint = input.endpoint ? endpointOf(input.endpoint) : null;
    const credentials: AwsCredentials = {
      region: input.region,
      accessKeyId: input.accessKeyId,
      secretAccessKey: input.secretAccessKey,
      ...(input.sessionToken && { sessionToken: input.sessionToken }),
      endpoint,
    };
    const clients = awsClients(credentials, this.deps.egress);
    try {
      await verifyAws(clients);
    } catch (error) {
      throw new AppError(
        'drift/connection_failed',
        `The credentials could not be checked: ${awsFailure(error)}`,
      );
    } finally {
      clients.destroy();
    }
    const row = await this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('drift_connections')
        .values({
          user_id: userId,
          name: input.name,
          kind: 'aws',
          region: input.region,
          access_key_hint: `${'•'.repeat(4)}${input.accessKeyId.slice(-4)}`,
          endpoint,
          sealed_credentials: encryptSecret(
            this.deps.encryptionKey,
            JSON.stringify({
              accessKeyId: input.accessKeyId,
              secretAccessKey: input.secretAccessKey,
              sessionToken: input.sessionToken ?? null,
            }),
          ),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      // The key's last characters only; the secret stays sealed and out of the trail.
      await writeAudit(trx, actor, {
        action: 'drift.connections.create',
        targetType: 'drift_connection',
        targetId: inserted.id,
        after: {
          name: inserted.name,
          region: inserted.region,
          accessKey: inserted.access_key_hint,
        },
      });
      return inserted;
    });
    return presentConnection(row);
  }

  async remove(actor: AuditActor, id: string): Promise<void> {
    if (!isUuid(id)) throw notFound();
    await this.db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom('drift_connections')
        .where('id', '=', id)
        .where('user_id', '=', actor.id)
        .returning(['name', 'region', 'access_key_hint'])
        .executeTakeFirst();
      if (!removed) throw notFound();
      await writeAudit(trx, actor, {
        action: 'drift.connections.delete',
        targetType: 'drift_connection',
        targetId: id,
        before: { name: removed.name, region: removed.region, accessKey: removed.access_key_hint },
      });
    });
  }

  async exists(userId: string, id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    const row = await this.db
      .selectFrom('drift_connections')
      .select('id')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * A live read of the types asked for (default: every type the reader knows), with ids as the
   * desired side names them (an RDS instance is its resource id or, in older states, its name).
   */
  async readLive(
    userId: string,
    connectionId: string,
    requested: readonly string[] | undefined,
    desired: readonly TDesiredResource[] | null,
  ): Promise<{ types: TAwsLiveType[]; read: TActualResource[] }> {
    const row = isUuid(connectionId)
      ? await this.db
          .selectFrom('drift_connections')
          .selectAll()
          .where('id', '=', connectionId)
          .where('user_id', '=', userId)
          .executeTakeFirst()
      : undefined;
    if (!row) throw notFound();
    const unknown = (requested ?? []).filter(
      (t) => !(AWS_LIVE_TYPES as readonly string[]).includes(t),
    );
    if (unknown.length > 0) {
      throw new AppError(
        'drift/invalid_scan',
        `The live reader does not read ${unknown.join(', ')}; it reads ${AWS_LIVE_TYPES.join(', ')}.`,
      );
    }
    const types = (requested?.length ? requested : AWS_LIVE_TYPES) as TAwsLiveType[];
    let secret: { accessKeyId: string; secretAccessKey: string; sessionToken: string | null };
    try {
      secret = JSON.parse(
        decryptSecret(this.deps.encryptionKey, row.sealed_credentials),
      ) as typeof secret;
    } catch {
      throw new AppError(
        'drift/connection_failed',
        'The stored credentials cannot be read (the server key changed): add the connection again.',
      );
    }
    const clients = awsClients(
      {
        region: row.region,
        accessKeyId: secret.accessKeyId,
        secretAccessKey: secret.secretAccessKey,
        ...(secret.sessionToken && { sessionToken: secret.sessionToken }),
        endpoint: row.endpoint,
      },
      this.deps.egress,
    );
    let read: TActualResource[];
    try {
      read = await readAws(clients, types);
    } catch (error) {
      throw new AppError('drift/connection_failed', `The live read failed: ${awsFailure(error)}`);
    } finally {
      clients.destroy();
    }
    await this.db
      .updateTable('drift_connections')
      .set({ last_used_at: new Date() })
      .where('id', '=', row.id)
      .execute();
    return { types, read: matchDbIds(read, desired ?? []) };
  }
}

/** An https (or, for a local test double, http) URL without credentials in it. */
function endpointOf(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new AppError('request/invalid', 'The endpoint is not a URL.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new AppError('request/invalid', 'The endpoint must be an https URL.');
  }
  if (url.username || url.password) {
    throw new AppError('request/invalid', 'The endpoint must not carry credentials.');
  }
  return url.toString().replace(/\/$/, '');
}

/** State of provider v4 names an RDS instance by its identifier, v5 by its resource id. */
function matchDbIds(
  read: TActualResource[],
  desired: readonly TDesiredResource[],
): TActualResource[] {
  const wanted = new Set(desired.filter((d) => d.type === 'aws_db_instance').map((d) => d.id));
  return read.map((r) => {
    if (r.type !== 'aws_db_instance' || wanted.has(r.id)) return r;
    const identifier = r.attributes?.identifier;
    return typeof identifier === 'string' && wanted.has(identifier)
      ? { ...r, id: identifier, attributes: { ...r.attributes, id: identifier } }
      : r;
  });
}
