import { JWS_ALGORITHMS } from '@stratum/core/tools/jwt/algorithms';
import type { DecodedJwt } from '@stratum/core/tools/jwt/decode';
import { keyKindFor, type TVerifyStatus } from '@stratum/core/tools/jwt/verify';
import clsx from 'clsx';
import { ShieldAlert, ShieldCheck, ShieldQuestion, ShieldX, type LucideIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Panel } from '../../components/panel';
import { PasswordField } from '../../components/password-field';
import { Spinner } from '../../components/spinner';
import { Checkbox } from './checkbox';
import { CodeArea } from './code-area';
import { useSignatureCheck } from './use-signature-check';

export interface SignaturePanelProps {
  jwt: DecodedJwt;
}

const LOOK: Record<TVerifyStatus, { icon: LucideIcon; className: string }> = {
  valid: { icon: ShieldCheck, className: 'border-green-200 bg-green-50 text-green-900' },
  invalid: { icon: ShieldX, className: 'border-red-200 bg-red-50 text-red-900' },
  error: { icon: ShieldAlert, className: 'border-red-200 bg-red-50 text-red-900' },
  not_checked: { icon: ShieldQuestion, className: 'border-slate-200 bg-slate-50 text-slate-800' },
};

/** Optional signature check with Web Crypto: a secret for HS*, a public key for the rest. */
export function SignaturePanel({ jwt }: SignaturePanelProps) {
  const [secret, setSecret] = useState('');
  const [isBase64, setIsBase64] = useState(false);
  const [publicKey, setPublicKey] = useState('');
  const kind = keyKindFor(jwt.alg);
  const key = useMemo(
    () =>
      kind === 'secret'
        ? { kind: 'secret' as const, secret, isBase64 }
        : { kind: 'public' as const, text: publicKey },
    [kind, secret, isBase64, publicKey],
  );
  const { result, isChecking } = useSignatureCheck(jwt, key);
  const algorithm = jwt.alg === null ? undefined : JWS_ALGORITHMS.get(jwt.alg);

  return (
    <Panel title="Signature">
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          {algorithm ? (
            <>
              <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-xs">
                {algorithm.alg}
              </code>{' '}
              — {algorithm.description}.{' '}
              {kind ? 'Checked with the browser’s Web Crypto, on this page.' : ''}
            </>
          ) : (
            'The header names no algorithm this tool can check.'
          )}
        </p>
        {kind === 'secret' && (
          <div className="space-y-2">
            <PasswordField
              label="Secret"
              value={secret}
              onChange={(event) => setSecret(event.target.value)}
              autoComplete="off"
              spellCheck={false}
              hint='The shared secret as text, or a JWK with "kty": "oct".'
            />
            <Checkbox label="Secret is Base64-encoded" checked={isBase64} onChange={setIsBase64} />
          </div>
        )}
        {kind === 'public' && (
          <CodeArea
            label="Public key"
            value={publicKey}
            onValueChange={setPublicKey}
            rows={6}
            placeholder={'-----BEGIN PUBLIC KEY-----\n…\n-----END PUBLIC KEY-----'}
            hint="PEM (PUBLIC KEY, RSA PUBLIC KEY or CERTIFICATE), a JWK, or a JWK Set (the key is picked by kid)."
          />
        )}
        <div aria-live="polite">
          {isChecking ? (
            <p className="flex items-center gap-2 text-sm text-slate-600">
              <Spinner className="size-4" /> Checking…
            </p>
          ) : result ? (
            <p
              className={clsx(
                'flex items-start gap-2 rounded-md border px-3 py-2 text-sm font-medium',
                LOOK[result.status].className,
              )}
            >
              {(() => {
                const Icon = LOOK[result.status].icon;
                return <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />;
              })()}
              {result.message}
            </p>
          ) : null}
        </div>
      </div>
    </Panel>
  );
}
