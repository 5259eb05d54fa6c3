import type { TAuth, TKeyValue } from '@stratum/core/api-client/model';
import { row, type Warnings } from './import-common';
import type { OaDocument, OaSecurityRequirement, OaSecurityScheme } from './import-openapi-types';

/**
 * OpenAPI security → auth. Credentials are never in a document, so each scheme's values are
 * `{{variables}}` named after it (`{{bearerToken}}` for a scheme named bearer), added empty to
 * the collection's variables for the user to fill in (an environment's secret is the place).
 */
export class SecurityMapper {
  private readonly byName = new Map<string, TAuth>();
  /** The collection variables the mapped schemes use, in order of first use. */
  readonly variables: TKeyValue[] = [];

  constructor(
    private readonly doc: OaDocument,
    private readonly warnings: Warnings,
  ) {}

  /** The collection's auth: the document's first security requirement. */
  collectionAuth(): TAuth {
    return this.requirements(this.doc.security, 'The document');
  }

  /** An operation's: inherited when it says nothing or the same as the document. */
  operationAuth(security: OaSecurityRequirement[] | undefined, where: string): TAuth {
    if (security === undefined) return { type: 'inherit' };
    if (JSON.stringify(security) === JSON.stringify(this.doc.security ?? [])) {
      return { type: 'inherit' };
    }
    return this.requirements(security, where);
  }

  private requirements(security: OaSecurityRequirement[] | undefined, where: string): TAuth {
    // Alternatives: the first one listed is taken. An empty one ({}) means no auth.
    const first = security?.[0];
    if (!first) return { type: 'none' };
    const names = Object.keys(first);
    const [name] = names;
    if (name === undefined) return { type: 'none' };
    if (names.length > 1) {
      this.warnings.add(
        `${where} needs the schemes ${names.join(' and ')} together; only ${name} was set`,
      );
    }
    return this.scheme(name, first[name] ?? []);
  }

  private scheme(name: string, scopes: string[]): TAuth {
    const cached = this.byName.get(`${name} ${scopes.join(' ')}`);
    if (cached) return cached;
    const scheme = this.doc.components?.securitySchemes?.[name];
    const auth = scheme ? this.map(name, scheme, scopes) : this.unknown(name);
    this.byName.set(`${name} ${scopes.join(' ')}`, auth);
    return auth;
  }

  private unknown(name: string): TAuth {
    this.warnings.add(`Security scheme ${name} is not defined in components.securitySchemes`);
    return { type: 'none' };
  }

  /** `{{<scheme><suffix>}}`, added to the collection's variables once. */
  private variable(scheme: string, suffix: string): string {
    const key = `${scheme.replace(/[^A-Za-z0-9_]/g, '_')}${suffix}`;
    if (!this.variables.some((v) => v.key === key)) this.variables.push(row(key, ''));
    return `{{${key}}}`;
  }

  private map(name: string, scheme: OaSecurityScheme, scopes: string[]): TAuth {
    switch (scheme.type) {
      case 'http': {
        const kind = (scheme.scheme ?? '').toLowerCase();
        if (kind === 'basic' || kind === 'digest') {
          return {
            type: kind,
            username: this.variable(name, 'Username'),
            password: this.variable(name, 'Password'),
          };
        }
        if (kind === 'bearer') {
          return { type: 'bearer', token: this.variable(name, 'Token'), prefix: 'Bearer' };
        }
        this.warnings.add(`Security scheme ${name} (HTTP ${kind}) is not supported; set no auth`);
        return { type: 'none' };
      }
      case 'apiKey':
        if (scheme.in === 'header' || scheme.in === 'query') {
          return {
            type: 'apikey',
            key: scheme.name ?? name,
            value: this.variable(name, 'Key'),
            in: scheme.in,
          };
        }
        this.warnings.add(
          `Security scheme ${name} sends an API key in a cookie, which is not supported; add a Cookie header`,
        );
        return { type: 'none' };
      case 'oauth2': {
        const flows = scheme.flows ?? {};
        const flow = flows.authorizationCode ?? flows.clientCredentials;
        if (!flow) {
          this.warnings.add(
            `Security scheme ${name} uses an OAuth 2.0 flow (implicit or password) that is not supported; set no auth`,
          );
          return { type: 'none' };
        }
        return {
          type: 'oauth2',
          grant: flows.authorizationCode ? 'authorization_code' : 'client_credentials',
          tokenUrl: flow.tokenUrl ?? '',
          authUrl: flow.authorizationUrl ?? '',
          clientId: this.variable(name, 'ClientId'),
          clientSecret: this.variable(name, 'ClientSecret'),
          scope: scopes.join(' '),
          audience: '',
          clientAuth: 'header',
        };
      }
      default:
        this.warnings.add(`Security scheme ${name} (${scheme.type}) is not supported; set no auth`);
        return { type: 'none' };
    }
  }
}
