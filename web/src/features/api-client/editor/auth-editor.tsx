import { KeyRound } from 'lucide-react';
import { ADVANCED_AUTH_TYPES, type TAuth, type TAuthType } from '@stratum/core/api-client/model';
import { Button } from '../../../components/button';
import { LockedFeature, planPhrase } from '../plan-access';
import { Field } from './field';
import { cellInput } from './key-value-table';

const AUTH_LABELS: Record<TAuthType, string> = {
  inherit: 'Inherit from parent',
  none: 'No auth',
  basic: 'Basic auth',
  bearer: 'Bearer token',
  apikey: 'API key',
  oauth2: 'OAuth 2.0',
  awsv4: 'AWS Signature v4',
  digest: 'Digest auth',
};
const AUTH_ORDER: readonly TAuthType[] = [
  'inherit',
  'none',
  'basic',
  'bearer',
  'apikey',
  'oauth2',
  'awsv4',
  'digest',
];

const isAdvanced = (type: TAuthType) => (ADVANCED_AUTH_TYPES as readonly string[]).includes(type);

/** A fresh auth of a type, keeping what carries over (a username, a secret). */
export function authOfType(type: TAuthType): TAuth {
  switch (type) {
    case 'none':
    case 'inherit':
      return { type };
    case 'basic':
    case 'digest':
      return { type, username: '', password: '' };
    case 'bearer':
      return { type, token: '', prefix: 'Bearer' };
    case 'apikey':
      return { type, key: '', value: '', in: 'header' };
    case 'oauth2':
      return {
        type,
        grant: 'client_credentials',
        tokenUrl: '',
        authUrl: '',
        clientId: '',
        clientSecret: '',
        scope: '',
        audience: '',
        clientAuth: 'header',
      };
    case 'awsv4':
      return {
        type,
        accessKeyId: '',
        secretAccessKey: '',
        sessionToken: '',
        region: '',
        service: '',
      };
  }
}

export interface AuthEditorProps {
  auth: TAuth;
  onChange: (auth: TAuth) => void;
  /** Whether the plan has `api-advanced-auth`. */
  canUseAdvanced: boolean;
  /** What "inherit" gives here: the folder or collection whose auth applies, or null (none). */
  inherited: { from: string; auth: TAuth } | null;
  /** Authorization code: runs the PKCE flow in a popup. */
  onAuthorize?: () => void;
  authorizeState?: string;
  /** Whether the server holds an OAuth 2.0 token for this configuration. */
  tokenStatus?: string;
  /** Collections and folders have no parent to inherit from at the top. */
  canInherit?: boolean;
}

/** The request's (or a folder's) authentication. */
export function AuthEditor({
  auth,
  onChange,
  canUseAdvanced,
  inherited,
  onAuthorize,
  authorizeState,
  tokenStatus,
  canInherit = true,
}: AuthEditorProps) {
  const types = AUTH_ORDER.filter((t) => canInherit || t !== 'inherit');
  return (
    <div className="space-y-4">
      <div className="max-w-xs">
        <label htmlFor="api-auth-type" className="block text-sm font-medium text-slate-800">
          Auth type
        </label>
        <select
          id="api-auth-type"
          value={auth.type}
          onChange={(e) => onChange(authOfType(e.target.value as TAuthType))}
          className={`${cellInput} mt-1`}
        >
          {types.map((type) => (
            <option key={type} value={type} disabled={isAdvanced(type) && !canUseAdvanced}>
              {AUTH_LABELS[type]}
              {isAdvanced(type) && !canUseAdvanced
                ? ` (locked: ${planPhrase('api-advanced-auth')})`
                : ''}
            </option>
          ))}
        </select>
      </div>
      {!canUseAdvanced && (
        <LockedFeature
          feature="api-advanced-auth"
          detail={
            isAdvanced(auth.type)
              ? 'Sending this request is refused on your plan until it uses another type.'
              : undefined
          }
        />
      )}
      <AuthFields
        auth={auth}
        onChange={onChange}
        inherited={inherited}
        onAuthorize={onAuthorize}
        authorizeState={authorizeState}
      />
      {auth.type === 'oauth2' && tokenStatus && (
        <p className="text-sm text-slate-700">{tokenStatus}</p>
      )}
      {auth.type !== 'none' && auth.type !== 'inherit' && (
        <p className="text-xs text-slate-600">
          What you type here is saved with the request. For a credential, use a secret environment
          variable such as {'{{token}}'}: its value is stored encrypted and masked until you reveal
          it.
        </p>
      )}
    </div>
  );
}

function AuthFields({
  auth,
  onChange,
  inherited,
  onAuthorize,
  authorizeState,
}: Omit<AuthEditorProps, 'canUseAdvanced' | 'canInherit' | 'tokenStatus'>) {
  switch (auth.type) {
    case 'none':
      return <p className="text-sm text-slate-600">No Authorization header is added.</p>;
    case 'inherit':
      return (
        <p className="text-sm text-slate-700">
          {inherited
            ? `Uses the auth of ${inherited.from}: ${AUTH_LABELS[inherited.auth.type]}.`
            : 'Not in a collection yet: nothing to inherit, so no auth is sent.'}
        </p>
      );
    case 'basic':
    case 'digest':
      return (
        <div className="grid max-w-2xl gap-3 sm:grid-cols-2">
          <Field
            label="Username"
            value={auth.username}
            onChange={(username) => onChange({ ...auth, username })}
          />
          <Field
            label="Password"
            isSecret
            value={auth.password}
            onChange={(password) => onChange({ ...auth, password })}
          />
        </div>
      );
    case 'bearer':
      return (
        <div className="grid max-w-2xl gap-3 sm:grid-cols-[8rem_1fr]">
          <Field
            label="Prefix"
            value={auth.prefix}
            onChange={(prefix) => onChange({ ...auth, prefix })}
          />
          <Field
            label="Token"
            isSecret
            value={auth.token}
            onChange={(token) => onChange({ ...auth, token })}
          />
        </div>
      );
    case 'apikey':
      return (
        <div className="grid max-w-2xl gap-3 sm:grid-cols-3">
          <Field label="Key" value={auth.key} onChange={(key) => onChange({ ...auth, key })} />
          <Field
            label="Value"
            isSecret
            value={auth.value}
            onChange={(value) => onChange({ ...auth, value })}
          />
          <div>
            <label htmlFor="api-key-in" className="block text-sm font-medium text-slate-800">
              Add to
            </label>
            <select
              id="api-key-in"
              value={auth.in}
              onChange={(e) => onChange({ ...auth, in: e.target.value as 'header' | 'query' })}
              className={`${cellInput} mt-1`}
            >
              <option value="header">Header</option>
              <option value="query">Query parameter</option>
            </select>
          </div>
        </div>
      );
    case 'oauth2':
      return (
        <div className="grid max-w-3xl gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor="api-oauth-grant" className="block text-sm font-medium text-slate-800">
              Grant type
            </label>
            <select
              id="api-oauth-grant"
              value={auth.grant}
              onChange={(e) => onChange({ ...auth, grant: e.target.value as typeof auth.grant })}
              className={`${cellInput} mt-1`}
            >
              <option value="client_credentials">Client credentials</option>
              <option value="authorization_code">Authorization code (PKCE)</option>
            </select>
          </div>
          <div>
            <label
              htmlFor="api-oauth-client-auth"
              className="block text-sm font-medium text-slate-800"
            >
              Send client credentials
            </label>
            <select
              id="api-oauth-client-auth"
              value={auth.clientAuth}
              onChange={(e) =>
                onChange({ ...auth, clientAuth: e.target.value as typeof auth.clientAuth })
              }
              className={`${cellInput} mt-1`}
            >
              <option value="header">As Basic auth header</option>
              <option value="body">In the request body</option>
            </select>
          </div>
          {auth.grant === 'authorization_code' && (
            <Field
              label="Authorization URL"
              type="url"
              value={auth.authUrl}
              onChange={(authUrl) => onChange({ ...auth, authUrl })}
              className="sm:col-span-2"
            />
          )}
          <Field
            label="Token URL"
            type="url"
            value={auth.tokenUrl}
            onChange={(tokenUrl) => onChange({ ...auth, tokenUrl })}
            className="sm:col-span-2"
          />
          <Field
            label="Client ID"
            value={auth.clientId}
            onChange={(clientId) => onChange({ ...auth, clientId })}
          />
          <Field
            label="Client secret"
            isSecret
            value={auth.clientSecret}
            onChange={(clientSecret) => onChange({ ...auth, clientSecret })}
          />
          <Field
            label="Scope"
            value={auth.scope}
            onChange={(scope) => onChange({ ...auth, scope })}
          />
          <Field
            label="Audience"
            value={auth.audience}
            onChange={(audience) => onChange({ ...auth, audience })}
          />
          {auth.grant === 'authorization_code' && onAuthorize && (
            <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
              <Button variant="secondary" onClick={onAuthorize}>
                <KeyRound className="size-4" aria-hidden="true" /> Get access token
              </Button>
              {authorizeState && (
                <p role="status" className="text-sm text-slate-700">
                  {authorizeState}
                </p>
              )}
            </div>
          )}
        </div>
      );
    case 'awsv4':
      return (
        <div className="grid max-w-3xl gap-3 sm:grid-cols-2">
          <Field
            label="Access key ID"
            value={auth.accessKeyId}
            onChange={(accessKeyId) => onChange({ ...auth, accessKeyId })}
          />
          <Field
            label="Secret access key"
            isSecret
            value={auth.secretAccessKey}
            onChange={(secretAccessKey) => onChange({ ...auth, secretAccessKey })}
          />
          <Field
            label="Session token"
            isSecret
            value={auth.sessionToken}
            onChange={(sessionToken) => onChange({ ...auth, sessionToken })}
            hint="Only for temporary credentials."
          />
          <Field
            label="Region"
            value={auth.region}
            placeholder="eu-west-1"
            onChange={(region) => onChange({ ...auth, region })}
          />
          <Field
            label="Service"
            value={auth.service}
            placeholder="execute-api"
            onChange={(service) => onChange({ ...auth, service })}
          />
        </div>
      );
  }
}
