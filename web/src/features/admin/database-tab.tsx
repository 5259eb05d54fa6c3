import { useMutation } from '@tanstack/react-query';
import { CircleCheck, CircleX } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ADMIN_MSG } from '@stratum/core/admin';
import {
  testDatabase,
  type TDatabaseTestResult,
  type TTestDatabaseBody,
} from '@stratum/core/contract/system-config/test-database';
import { Button } from '../../components/button';
import { CheckboxField } from '../../components/checkbox-field';
import { FormMessage } from '../../components/form-message';
import { Panel } from '../../components/panel';
import { PasswordField } from '../../components/password-field';
import { TextField } from '../../components/text-field';
import { callApi } from '../../lib/api-client';
import { parseWhole } from './admin-text';
import { formatBytes, systemErrorText } from './system-text';

/** §3 Database config test: connects to a PostgreSQL and says what it found. Nothing is stored. */
export function DatabaseTab() {
  const [server, setServer] = useState('');
  const [port, setPort] = useState('5432');
  const [database, setDatabase] = useState('');
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  const [ssl, setSsl] = useState(false);
  const [timeout, setTimeoutMs] = useState('5000');
  const [errors, setErrors] = useState<{ port?: string; timeout?: string }>({});
  const test = useMutation({
    mutationFn: (body: TTestDatabaseBody) => callApi(testDatabase, { body }),
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const p = parseWhole(port, 1, 65535);
    const t = parseWhole(timeout, 500, 30_000);
    setErrors({ port: p.error, timeout: t.error });
    if (p.value === undefined || t.value === undefined) return;
    test.mutate({
      server: server.trim() || undefined,
      port: p.value,
      database: database.trim() || undefined,
      user: user.trim() || undefined,
      password: password || undefined,
      ssl,
      connectionTimeout: t.value,
    });
  };

  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <Panel title="Test a PostgreSQL connection">
        <form
          noValidate
          aria-label="Database connection"
          onSubmit={handleSubmit}
          className="grid gap-4 sm:grid-cols-2"
        >
          <TextField
            label="Server"
            className="sm:col-span-2"
            placeholder="db.example.com"
            autoComplete="off"
            value={server}
            onChange={(e) => setServer(e.target.value)}
          />
          <TextField
            label="Port"
            inputMode="numeric"
            value={port}
            error={errors.port}
            onChange={(e) => setPort(e.target.value)}
          />
          <TextField
            label="Database"
            autoComplete="off"
            value={database}
            onChange={(e) => setDatabase(e.target.value)}
          />
          <TextField
            label="User"
            autoComplete="off"
            value={user}
            onChange={(e) => setUser(e.target.value)}
          />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <TextField
            label="Timeout (ms)"
            inputMode="numeric"
            value={timeout}
            error={errors.timeout}
            onChange={(e) => setTimeoutMs(e.target.value)}
          />
          <CheckboxField
            label="Use SSL (verifies the certificate)"
            className="self-center"
            checked={ssl}
            onChange={(e) => setSsl(e.target.checked)}
          />
          <div className="sm:col-span-2">
            <Button type="submit" isLoading={test.isPending}>
              Test connection
            </Button>
            <p className="mt-2 text-xs text-slate-600">
              Nothing is saved; the password is used for this test only.
            </p>
          </div>
        </form>
      </Panel>
      <Panel title="Result">
        {test.isError && (
          <FormMessage>{systemErrorText(test.error, 'The test could not be run.')}</FormMessage>
        )}
        {test.data && <DatabaseResult result={test.data.data} />}
        {test.isIdle && (
          <p className="text-sm text-slate-600">Run a test to see what the server finds.</p>
        )}
      </Panel>
    </div>
  );
}

function DatabaseResult({ result }: { result: TDatabaseTestResult }) {
  if (!result.isConnected) {
    return (
      <div role="alert" className="space-y-1 text-sm">
        <p className="flex items-center gap-2 font-semibold text-red-800">
          <CircleX className="size-5" aria-hidden="true" />
          {ADMIN_MSG.databaseNotConnected}
        </p>
        {result.reason && <p className="break-words text-slate-700">{result.reason}</p>}
        <p className="text-slate-600">After {result.latencyMs} ms.</p>
      </div>
    );
  }
  const rows: [string, string][] = [
    ['Server version', result.serverVersion ?? '—'],
    ['Database size', result.databaseSize === null ? '—' : formatBytes(result.databaseSize)],
    ['Tables', result.tableCount === null ? '—' : String(result.tableCount)],
    ['Latency', `${result.latencyMs} ms`],
  ];
  return (
    <div role="status" className="text-sm">
      <p className="flex items-center gap-2 font-semibold text-green-800">
        <CircleCheck className="size-5" aria-hidden="true" />
        {result.message}
      </p>
      <dl className="mt-3 grid grid-cols-[minmax(0,8rem)_minmax(0,1fr)] gap-y-1.5">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
