import { useState } from 'react';
import type { TApiRequest, TAuth, TBodyMode, TRequestBody } from '@stratum/core/api-client/model';
import { paramsFromUrl, urlWithParams } from '@stratum/core/api-client/url';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/tabs';
import { LockMark } from '../plan-access';
import type { TApiFeature } from '../texts';
import { AuthEditor } from './auth-editor';
import { BodyEditor } from './body-editor';
import { KeyValueTable } from './key-value-table';
import { ScriptsEditor } from './scripts-editor';
import { SettingsEditor } from './settings-editor';
import { UrlBar } from './url-bar';
import type { TVariableLookup } from './variable-spans';

type TSection = 'params' | 'headers' | 'body' | 'auth' | 'scripts' | 'settings';

export interface RequestEditorProps {
  request: TApiRequest;
  isRunning: boolean;
  lookup: TVariableLookup;
  can: (feature: TApiFeature) => boolean;
  /** What "inherit" resolves to for this request, or null outside a collection. */
  inherited: { from: string; auth: TAuth } | null;
  onEdit: (edit: (request: TApiRequest) => TApiRequest) => void;
  onBodyModeChange: (mode: TBodyMode) => void;
  onSend: () => void;
  onCancel: () => void;
  onCurl: (command: string) => void;
  onAuthorize?: () => void;
  authorizeState?: string;
  tokenStatus?: string;
}

const count = (n: number) =>
  n > 0 ? (
    <span
      aria-hidden="true"
      className="rounded-full bg-slate-100 px-1.5 text-xs font-medium text-slate-700"
    >
      {n}
    </span>
  ) : null;

/** One request: the URL bar, then params, headers, body, auth, scripts and settings. */
export function RequestEditor({
  request,
  isRunning,
  lookup,
  can,
  inherited,
  onEdit,
  onBodyModeChange,
  onSend,
  onCancel,
  onCurl,
  onAuthorize,
  authorizeState,
  tokenStatus,
}: RequestEditorProps) {
  const [section, setSection] = useState<TSection>('params');
  const enabled = (rows: readonly { enabled: boolean; key: string }[]) =>
    rows.filter((r) => r.enabled && r.key !== '').length;
  const scriptsLocked = !can('api-pre-request') && !can('api-test-scripts');
  return (
    <div className="space-y-3">
      <UrlBar
        method={request.method}
        url={request.url}
        lookup={lookup}
        isRunning={isRunning}
        onMethodChange={(method) => onEdit((r) => ({ ...r, method }))}
        onUrlChange={(url) => onEdit((r) => ({ ...r, url, params: paramsFromUrl(url, r.params) }))}
        onSend={onSend}
        onCancel={onCancel}
        onCurl={onCurl}
      />
      <Tabs value={section} onValueChange={(value) => setSection(value as TSection)}>
        <TabsList aria-label="Request">
          <TabsTrigger value="params">Params {count(enabled(request.params))}</TabsTrigger>
          <TabsTrigger value="headers">Headers {count(enabled(request.headers))}</TabsTrigger>
          <TabsTrigger value="body">
            Body
            {request.body.mode !== 'none' && (
              <span aria-hidden="true" className="size-1.5 rounded-full bg-brand-600" />
            )}
          </TabsTrigger>
          <TabsTrigger value="auth">Auth</TabsTrigger>
          <TabsTrigger value="scripts">
            Scripts {scriptsLocked && <LockMark feature="api-pre-request" />}
          </TabsTrigger>
          <TabsTrigger value="settings">Settings</TabsTrigger>
        </TabsList>
        <TabsContent value="params" className="pt-3">
          <KeyValueTable
            label="Query parameters"
            noun="parameter"
            rows={request.params}
            onChange={(params) =>
              onEdit((r) => ({ ...r, params, url: urlWithParams(r.url, params) }))
            }
          />
        </TabsContent>
        <TabsContent value="headers" className="pt-3">
          <KeyValueTable
            label="Headers"
            noun="header"
            rows={request.headers}
            keyPlaceholder="Header"
            onChange={(headers) => onEdit((r) => ({ ...r, headers }))}
          />
        </TabsContent>
        <TabsContent value="body" className="pt-3">
          <BodyEditor
            body={request.body}
            onChange={(body: TRequestBody) => onEdit((r) => ({ ...r, body }))}
            onModeChange={onBodyModeChange}
          />
        </TabsContent>
        <TabsContent value="auth" className="pt-3">
          <AuthEditor
            auth={request.auth}
            onChange={(auth) => onEdit((r) => ({ ...r, auth }))}
            canUseAdvanced={can('api-advanced-auth')}
            inherited={inherited}
            onAuthorize={onAuthorize}
            authorizeState={authorizeState}
            tokenStatus={tokenStatus}
          />
        </TabsContent>
        <TabsContent value="scripts" className="pt-3">
          <ScriptsEditor
            scripts={request.scripts}
            onChange={(scripts) => onEdit((r) => ({ ...r, scripts }))}
            canPreRequest={can('api-pre-request')}
            canTest={can('api-test-scripts')}
          />
        </TabsContent>
        <TabsContent value="settings" className="pt-3">
          <SettingsEditor
            settings={request.settings}
            onChange={(settings) => onEdit((r) => ({ ...r, settings }))}
            canRetry={can('api-retries')}
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}
