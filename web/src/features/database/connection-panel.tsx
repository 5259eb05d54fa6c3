import { CircleCheck, CircleX, Plug, Unplug } from 'lucide-react';
import { ADMIN_MSG } from '@stratum/core/admin';
import type {
  TDatabaseConfigView,
  TDatabaseState,
} from '@stratum/core/contract/database/database-config';
import type { TDatabaseTestResult } from '@stratum/core/contract/database/database-status';
import { Button } from '../../components/button';
import { FormMessage } from '../../components/form-message';
import { Panel } from '../../components/panel';
import { isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-date';
import { useConnectDatabase } from './api/connect-database';
import { useDisconnectDatabase } from './api/disconnect-database';
import { useTestDatabase } from './api/test-database';
import { formatBytes } from './format';

export interface ConnectionPanelProps {
  config: TDatabaseConfigView | null;
  state: TDatabaseState;
}

/** Test, connect and disconnect the saved database; what the last test found. */
export function ConnectionPanel({ config, state }: ConnectionPanelProps) {
  const test = useTestDatabase();
  const connect = useConnectDatabase();
  const disconnect = useDisconnectDatabase();
  const result = connect.data?.test ?? test.data;
  const error = [test, connect, disconnect].find((m) => m.isError)?.error;

  return (
    <Panel title="Connection">
      <p className="flex items-center gap-2 text-sm font-medium">
        {state.isConnected ? (
          <>
            <Plug className="size-4 text-green-700" aria-hidden="true" />
            <span className="text-green-800">Connected</span>
            <span className="font-normal text-slate-600">
              since {formatDateTime(state.connectedAt)} by {state.connectedBy ?? '—'}
            </span>
          </>
        ) : (
          <>
            <Unplug className="size-4 text-slate-500" aria-hidden="true" />
            <span className="text-slate-800">
              {config ? ADMIN_MSG.databaseNotConnected : ADMIN_MSG.databaseNotConfigured}
            </span>
          </>
        )}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          isLoading={test.isPending}
          disabled={!config}
          onClick={() => test.mutate(undefined)}
        >
          Test connection
        </Button>
        {state.isConnected ? (
          <Button
            variant="secondary"
            isLoading={disconnect.isPending}
            onClick={() => disconnect.mutate(undefined)}
          >
            Disconnect
          </Button>
        ) : (
          <Button
            isLoading={connect.isPending}
            disabled={!config}
            onClick={() => connect.mutate(undefined)}
          >
            Connect
          </Button>
        )}
      </div>
      {error && (
        <FormMessage className="mt-4">
          {isApiError(error) ? error.message : 'The server could not be reached.'}
        </FormMessage>
      )}
      {result && <TestResult result={result} />}
    </Panel>
  );
}

function TestResult({ result }: { result: TDatabaseTestResult }) {
  if (!result.isConnected) {
    return (
      <div role="alert" className="mt-4 space-y-1 text-sm">
        <p className="flex items-center gap-2 font-semibold text-red-800">
          <CircleX className="size-5" aria-hidden="true" />
          {result.message}
        </p>
        {result.reason && <p className="break-words text-slate-700">{result.reason}</p>}
        <p className="text-slate-600">After {result.latencyMs} ms.</p>
      </div>
    );
  }
  const facts: [string, string][] = [
    ['Server version', result.serverVersion ?? '—'],
    ['Database size', result.databaseSize === null ? '—' : formatBytes(result.databaseSize)],
    ['Tables', result.tableCount === null ? '—' : String(result.tableCount)],
    ['Latency', `${result.latencyMs} ms`],
  ];
  return (
    <div className="mt-4 text-sm">
      <p className="flex items-center gap-2 font-semibold text-green-800">
        <CircleCheck className="size-5" aria-hidden="true" />
        {result.message}
      </p>
      <dl className="mt-3 grid grid-cols-[minmax(0,8rem)_minmax(0,1fr)] gap-y-1.5">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
