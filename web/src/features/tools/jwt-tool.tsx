import { describeAlgorithm } from '@stratum/core/tools/jwt/algorithms';
import { decodeJwt } from '@stratum/core/tools/jwt/decode';
import { useMemo, useState } from 'react';
import { Badge } from '../../components/badge';
import { Panel } from '../../components/panel';
import { CodeArea } from './code-area';
import { CopyButton } from './copy-button';
import { ClaimsList } from './jwt-claims-list';
import { JsonView } from './jwt-json-view';
import { SignaturePanel } from './jwt-signature-panel';
import { TimingBanner } from './jwt-timing-banner';
import { TokenParts } from './jwt-token-parts';
import { useNow } from './use-now';

export function JwtTool() {
  const [input, setInput] = useState('');
  const decoded = useMemo(() => decodeJwt(input), [input]);
  const now = useNow();
  const jwt = decoded.ok ? decoded.jwt : null;
  const header = decoded.ok ? decoded.jwt.header : decoded.header;
  const errors = decoded.ok || input.trim() === '' ? [] : decoded.errors;
  const token = decoded.ok ? decoded.jwt.token : decoded.token;

  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:grid-rows-[auto_1fr]">
      <div className="space-y-3 lg:col-start-1 lg:row-start-1">
        <CodeArea
          label="Encoded token"
          value={input}
          onValueChange={setInput}
          rows={7}
          placeholder="eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0In0.…"
          hint="A leading “Bearer ” or a whole Authorization header line is fine."
          error={errors.length > 0 ? errors.map((e) => e.message).join('. ') : null}
        />
        {token !== '' && errors.length === 0 && <TokenParts token={token} />}
      </div>

      <div className="space-y-5 lg:col-start-2 lg:row-span-2 lg:row-start-1">
        {jwt && <TimingBanner payload={jwt.payload} now={now} />}
        {header ? (
          <Panel
            title="Header"
            action={<CopyButton text={JSON.stringify(header, null, 2)} what="header JSON" />}
          >
            <p className="mb-3 flex flex-wrap items-center gap-2 text-sm text-slate-700">
              <Badge tone="brand">{typeof header.alg === 'string' ? header.alg : 'no alg'}</Badge>
              <span>{describeAlgorithm(typeof header.alg === 'string' ? header.alg : null)}</span>
              {typeof header.kid === 'string' && (
                <span className="text-slate-600">
                  · key id <code className="font-mono text-xs">{header.kid}</code>
                </span>
              )}
            </p>
            <JsonView value={header} label="Decoded header" />
          </Panel>
        ) : (
          input.trim() === '' && (
            <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-sm text-slate-700">
              Paste a token to see its header, claims and expiry.
            </p>
          )
        )}
        {jwt && (
          <>
            <Panel
              title="Payload"
              action={
                <CopyButton text={JSON.stringify(jwt.payload, null, 2)} what="payload JSON" />
              }
            >
              <JsonView value={jwt.payload} label="Decoded payload" />
            </Panel>
            <Panel title="Claims">
              <ClaimsList payload={jwt.payload} now={now} />
            </Panel>
          </>
        )}
      </div>

      {jwt && (
        <div className="lg:col-start-1 lg:row-start-2">
          <SignaturePanel key={jwt.alg ?? ''} jwt={jwt} />
        </div>
      )}
    </div>
  );
}
