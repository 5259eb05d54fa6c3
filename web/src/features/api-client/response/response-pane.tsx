import { CheckCircle2, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { Spinner } from '../../../components/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/tabs';
import { headerPairs, type TRunResult } from '../api/run';
import type { TRunState } from '../workspace/workspace-store';
import { BodyViewer } from './body-viewer';
import { StatusLine } from './status-line';

export interface ResponsePaneProps {
  run: TRunState;
  onCancel: () => void;
}

/** What came back: status, time, size; body, headers, test results and the scripts' console. */
export function ResponsePane({ run, onCancel }: ResponsePaneProps) {
  return (
    <section aria-label="Response" className="min-w-0 space-y-3">
      <h2 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">Response</h2>
      <ResponseState run={run} onCancel={onCancel} />
    </section>
  );
}

function ResponseState({ run, onCancel }: ResponsePaneProps) {
  switch (run.status) {
    case 'idle':
      return (
        <p className="rounded-md border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
          Send the request to see its response here. Ctrl+Enter sends, Ctrl+S saves.
        </p>
      );
    case 'running':
      return (
        <div
          role="status"
          className="flex items-center gap-3 rounded-md border border-slate-200 bg-white p-6 text-sm text-slate-700"
        >
          <Spinner className="size-4" /> Sending…
          <button type="button" onClick={onCancel} className="font-medium text-brand-700 underline">
            Cancel
          </button>
        </div>
      );
    case 'cancelled':
      return (
        <p
          role="status"
          className="rounded-md border border-slate-200 bg-white p-4 text-sm text-slate-700"
        >
          Request cancelled.
        </p>
      );
    case 'failed':
      return (
        <div
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800"
        >
          <p>{run.message}</p>
          {run.code === 'api/feature_not_allowed' && (
            <Link to="/subscription" className="mt-1 inline-block font-semibold underline">
              See plans
            </Link>
          )}
        </div>
      );
    case 'done':
      return <RunResult result={run.result} />;
  }
}

function RunResult({ result }: { result: TRunResult }) {
  const passed = result.tests.filter((t) => t.passed).length;
  const scriptErrors: [string, string][] = [];
  if (result.scriptErrors.preRequest !== undefined)
    scriptErrors.push(['Pre-request script', result.scriptErrors.preRequest]);
  if (result.scriptErrors.test !== undefined)
    scriptErrors.push(['Test script', result.scriptErrors.test]);
  const consoleCount = result.logs.length + scriptErrors.length;
  return (
    <div className="space-y-3">
      {result.missingVariables.length > 0 && (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          Not defined, sent as written: {result.missingVariables.map((v) => `{{${v}}}`).join(', ')}
        </p>
      )}
      {result.error && (
        <div
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          {result.error.message}
        </div>
      )}
      {result.response && <StatusLine response={result.response} attempts={result.attempts} />}
      <Tabs defaultValue={result.response ? 'body' : 'console'}>
        <TabsList aria-label="Response">
          <TabsTrigger value="body">Body</TabsTrigger>
          <TabsTrigger value="headers">Headers</TabsTrigger>
          <TabsTrigger value="tests">
            Tests
            {result.tests.length > 0 && (
              <span
                aria-hidden="true"
                className={passed === result.tests.length ? 'text-green-800' : 'text-red-700'}
              >
                {passed}/{result.tests.length}
              </span>
            )}
          </TabsTrigger>
          <TabsTrigger value="console">
            Console
            {consoleCount > 0 && (
              <span aria-hidden="true" className="rounded-full bg-slate-100 px-1.5 text-xs">
                {consoleCount}
              </span>
            )}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="body" className="pt-3">
          {result.response ? (
            <BodyViewer response={result.response} />
          ) : (
            <p className="text-sm text-slate-600">No response was received.</p>
          )}
        </TabsContent>
        <TabsContent value="headers" className="space-y-4 pt-3">
          <HeaderList
            label="Response headers"
            headers={result.response ? headerPairs(result.response.headers) : []}
          />
          {result.sent && (
            <details className="text-sm">
              <summary className="cursor-pointer font-medium text-slate-800">
                Sent: {result.sent.method} {result.sent.url}
              </summary>
              <div className="mt-2">
                <HeaderList
                  label="Request headers sent"
                  headers={headerPairs(result.sent.headers)}
                />
              </div>
            </details>
          )}
        </TabsContent>
        <TabsContent value="tests" className="pt-3">
          {result.tests.length === 0 ? (
            <p className="text-sm text-slate-600">
              No tests ran. Tests are written in the Scripts tab.
            </p>
          ) : (
            <>
              <p className="mb-2 text-sm text-slate-700">
                {passed} of {result.tests.length} passed
              </p>
              <ul
                aria-label="Test results"
                className="divide-y divide-slate-100 rounded-md border border-slate-200 bg-white"
              >
                {result.tests.map((test, i) => (
                  <li key={i} className="flex items-start gap-2 p-2.5 text-sm">
                    {test.passed ? (
                      <CheckCircle2
                        className="mt-0.5 size-4 shrink-0 text-green-700"
                        aria-label="Passed"
                      />
                    ) : (
                      <XCircle
                        className="mt-0.5 size-4 shrink-0 text-red-700"
                        aria-label="Failed"
                      />
                    )}
                    <div className="min-w-0">
                      <p className="break-words text-slate-900">{test.name}</p>
                      {test.error && (
                        <p className="font-mono text-xs break-words text-red-800">{test.error}</p>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            </>
          )}
        </TabsContent>
        <TabsContent value="console" className="pt-3">
          {consoleCount === 0 ? (
            <p className="text-sm text-slate-600">The scripts wrote nothing.</p>
          ) : (
            <ol
              aria-label="Script console"
              className="space-y-0.5 rounded-md border border-slate-200 bg-white p-2 font-mono text-xs"
            >
              {scriptErrors.map(([phase, message]) => (
                <li key={phase} className="break-words text-red-800">
                  {phase} failed: {message}
                </li>
              ))}
              {result.logs.map((line, i) => (
                <li key={i} className="break-words whitespace-pre-wrap text-slate-800">
                  {line}
                </li>
              ))}
            </ol>
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}

function HeaderList({ label, headers }: { label: string; headers: readonly [string, string][] }) {
  return (
    <DataTable
      label={label}
      rows={headers.map(([name, value], i) => ({ name, value, i }))}
      rowKey={(row) => String(row.i)}
      empty="No headers."
      columns={[
        {
          key: 'name',
          header: 'Name',
          cell: (row) => <span className="font-mono text-xs break-all">{row.name}</span>,
        },
        {
          key: 'value',
          header: 'Value',
          cell: (row) => <span className="font-mono text-xs break-all">{row.value}</span>,
        },
      ]}
    />
  );
}
