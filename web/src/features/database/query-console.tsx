import { lazy, Suspense, useState } from 'react';
import type { TQueryResult } from '@stratum/core/contract/database/run-query';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormMessage } from '../../components/form-message';
import { Panel } from '../../components/panel';
import { Switch } from '../../components/switch';
import { TextareaField } from '../../components/textarea-field';
import { isApiError } from '../../lib/api-client';
import { useRunQuery } from './api/run-query';
import { PARAMS_HINT, parseParams } from './format';
import { ResultView } from './result-view';

const SqlEditor = lazy(() => import('./sql-editor').then((m) => ({ default: m.SqlEditor })));

export interface QueryConsoleProps {
  isConnected: boolean;
}

/** One statement at a time: parameters as $1 …, read-only unless writes are confirmed. */
export function QueryConsole({ isConnected }: QueryConsoleProps) {
  const [query, setQuery] = useState('');
  const [paramsText, setParamsText] = useState('');
  const [isWriteMode, setIsWriteMode] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const [paramsError, setParamsError] = useState<string>();
  const [result, setResult] = useState<TQueryResult>();
  const run = useRunQuery();

  const execute = (allowWrite: boolean) => {
    const parsed = parseParams(paramsText);
    setParamsError(parsed.error);
    if (parsed.error !== undefined || !query.trim()) return;
    run.mutate(
      { query, params: parsed.params, allowWrite },
      { onSuccess: setResult, onSettled: () => setIsConfirming(false) },
    );
  };
  const handleRun = () => {
    if (!isConnected || run.isPending) return;
    if (isWriteMode) setIsConfirming(true);
    else execute(false);
  };

  return (
    <Panel title="Query">
      <div className="space-y-4">
        <div>
          <p className="mb-1 text-sm font-medium text-slate-800" aria-hidden="true">
            Statement
          </p>
          <Suspense
            fallback={<div className="h-36 animate-pulse rounded-md border border-slate-200" />}
          >
            <SqlEditor label="SQL statement" value={query} onChange={setQuery} onRun={handleRun} />
          </Suspense>
          <p className="mt-1 text-xs text-slate-600">
            One statement per run; Ctrl+Enter runs it. Values belong in the parameters, never in the
            text.
          </p>
        </div>
        <TextareaField
          label="Parameters"
          hint={PARAMS_HINT}
          value={paramsText}
          error={paramsError}
          spellCheck={false}
          className="font-mono"
          onChange={(e) => setParamsText(e.target.value)}
        />
        <Switch
          label="Allow changes (write mode)"
          hint="Off: the statement runs in a read-only transaction. On: it can change data, after you confirm."
          isChecked={isWriteMode}
          onCheckedChange={setIsWriteMode}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={handleRun} isLoading={run.isPending} disabled={!isConnected}>
            Run
          </Button>
          {!isConnected && (
            <span className="text-sm text-slate-600">Connect the database to run statements.</span>
          )}
        </div>
        {run.isError && (
          <FormMessage>
            {isApiError(run.error) ? run.error.message : 'The server could not be reached.'}
          </FormMessage>
        )}
        {result && (
          <ResultView
            result={result}
            onRunWithWrites={() => {
              setIsWriteMode(true);
              setIsConfirming(true);
            }}
          />
        )}
      </div>
      <ConfirmDialog
        isOpen={isConfirming}
        onOpenChange={setIsConfirming}
        title="Run with write access?"
        description="This statement can change data in the connected database, and is committed at once. It is recorded in the statement log."
        confirmLabel="Run and commit"
        isDanger
        isBusy={run.isPending}
        onConfirm={() => execute(true)}
      />
    </Panel>
  );
}
