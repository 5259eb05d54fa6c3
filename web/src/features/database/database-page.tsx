import { useQuery } from '@tanstack/react-query';
import { Panel } from '../../components/panel';
import { databaseConfigQuery } from './api/get-database-config';
import { ConfigForm } from './config-form';
import { ConnectionPanel } from './connection-panel';
import { EgressPanel } from './egress-panel';
import { QueryConsole } from './query-console';
import { SchemaPanel } from './schema-panel';
import { StatementLog } from './statement-log';

/**
 * §7 database service, owner and admin: an external PostgreSQL reached through the egress
 * policy, its settings, a read-only-by-default query console and the statement log.
 */
export function DatabasePage() {
  const config = useQuery(databaseConfigQuery());
  if (config.isPending) return <p className="text-sm text-slate-600">Loading…</p>;
  if (config.isError) {
    return (
      <Panel>
        <p role="alert" className="text-sm text-red-800">
          The database settings could not be loaded.
        </p>
      </Panel>
    );
  }
  const { state } = config.data;
  return (
    <div className="grid min-w-0 gap-5 xl:grid-cols-2">
      <ConfigForm key={config.data.config?.updatedAt ?? 'new'} config={config.data.config} />
      <div className="grid min-w-0 content-start gap-5">
        <ConnectionPanel config={config.data.config} state={state} />
        <SchemaPanel isConnected={state.isConnected} />
        <EgressPanel />
      </div>
      <div className="min-w-0 xl:col-span-2">
        <QueryConsole isConnected={state.isConnected} />
      </div>
      <div className="min-w-0 xl:col-span-2">
        <StatementLog />
      </div>
    </div>
  );
}
