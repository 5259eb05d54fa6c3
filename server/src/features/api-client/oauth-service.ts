import { oauthCallback, type TOAuthInput } from '@stratum/core/contract/api-client/oauth';
import { substitute } from '@stratum/core/api-client/variables';
import { resolveAuth } from '@stratum/core/api-client/resolve-request';
import { AppError } from '../../lib/errors';
import { throttle } from '../../lib/throttle';
import type { OAuthClient } from './auth-oauth2';
import type { TOAuth2Auth } from './oauth-store';
import { requireFeatures } from './run-gate';
import type { RunService } from './run-service';
import type { RunnerDeps } from './run-types';

const STARTS_PER_MINUTE = 30;

/** The Auth tab's OAuth 2.0 calls: start an authorization, and whether a token is held. */
export class OAuthService {
  constructor(
    private readonly deps: RunnerDeps,
    private readonly runs: RunService,
    private readonly client: OAuthClient,
  ) {}

  /** The OAuth 2.0 configuration with the environment's and collection's variables applied. */
  private async resolved(userId: string, input: TOAuthInput): Promise<TOAuth2Auth> {
    if (input.auth.type !== 'oauth2') {
      throw new AppError('request/invalid', 'This is not an OAuth 2.0 configuration.');
    }
    await requireFeatures(this.deps.plans, userId, ['api-advanced-auth']);
    const { environment, collection } = await this.runs.loadContext(userId, input);
    const scopes = [environment, collection?.variables ?? new Map<string, string>()];
    return resolveAuth(input.auth, (text) => substitute(text, scopes).text) as TOAuth2Auth;
  }

  async start(userId: string, input: TOAuthInput) {
    await throttle(this.deps.shared, `api-oauth-start:${userId}`, STARTS_PER_MINUTE);
    const auth = await this.resolved(userId, input);
    const redirectUri = new URL(oauthCallback.path, this.deps.publicUrl).href;
    return this.client.start(userId, auth, redirectUri);
  }

  async status(userId: string, input: TOAuthInput) {
    return this.client.status(userId, await this.resolved(userId, input));
  }
}
