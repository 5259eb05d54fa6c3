import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  getLlmSettings,
  saveLlmSettings,
  type TLlmSettingsView,
} from '@stratum/core/contract/llm/settings';
import { Button } from '../../components/button';
import { ListState } from '../../components/list-state';
import { Panel } from '../../components/panel';
import { TextField } from '../../components/text-field';
import { callApi, isApiError } from '../../lib/api-client';
import { LLM_STATUS_KEY } from './use-llm-status';

const SETTINGS_KEY = ['llm', 'settings'] as const;

/** Owner and admin: the assistant's OpenAI-compatible endpoint, model and key (write-only). */
export function AssistantAdminTab() {
  const result = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: async () => (await callApi(getLlmSettings)).data,
  });
  return (
    <ListState result={result} what="assistant settings">
      {(data) => <SettingsForm key={data.updatedAt ?? 'new'} view={data} />}
    </ListState>
  );
}

const SOURCE_TEXT = {
  admin: 'In force: the settings below.',
  environment: 'In force: the environment (LLM_BASE_URL, LLM_MODEL, LLM_API_KEY).',
  none: 'No model is configured: the assistant says so on every surface.',
} as const;

function SettingsForm({ view }: { view: TLlmSettingsView }) {
  const queryClient = useQueryClient();
  const [baseUrl, setBaseUrl] = useState(view.baseUrl ?? '');
  const [model, setModel] = useState(view.model ?? '');
  const [apiKey, setApiKey] = useState('');
  const save = useMutation({
    mutationFn: (body: { clearKey?: boolean }) =>
      callApi(saveLlmSettings, {
        body: { baseUrl: baseUrl.trim(), model, ...(apiKey && { apiKey }), ...body },
      }),
    onSuccess: async () => {
      setApiKey('');
      toast.success('Assistant settings saved');
      await queryClient.invalidateQueries({ queryKey: SETTINGS_KEY });
      await queryClient.invalidateQueries({ queryKey: LLM_STATUS_KEY });
    },
  });
  const issue = (path: string) =>
    isApiError(save.error) ? save.error.issues.find((i) => i.path === path)?.message : undefined;

  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Panel title="Assistant model">
        <p className="mb-4 text-sm text-slate-700">{SOURCE_TEXT[view.source]}</p>
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate({});
          }}
        >
          <TextField
            label="Base URL"
            placeholder="https://api.openai.com/v1"
            value={baseUrl}
            onChange={(event) => setBaseUrl(event.target.value)}
            hint="Any OpenAI-compatible endpoint: OpenAI, Azure OpenAI (…/openai/v1), Ollama (http://host:11434/v1), vLLM. Empty: the environment applies."
            error={issue('baseUrl')}
          />
          <TextField
            label="Model"
            placeholder="gpt-4o-mini"
            value={model}
            onChange={(event) => setModel(event.target.value)}
          />
          <TextField
            label="API key"
            type="password"
            autoComplete="off"
            value={apiKey}
            onChange={(event) => setApiKey(event.target.value)}
            hint={
              view.key.hasKey
                ? `A key ending ${view.key.hint ?? ''} is stored; type a new one to replace it.`
                : 'Stored encrypted; never shown again.'
            }
          />
          {save.error && !issue('baseUrl') && (
            <p role="alert" className="text-sm text-red-700">
              {save.error.message}
            </p>
          )}
          <div className="flex gap-2">
            <Button type="submit" isLoading={save.isPending}>
              Save
            </Button>
            {view.key.hasKey && (
              <Button
                type="button"
                variant="secondary"
                onClick={() => save.mutate({ clearKey: true })}
              >
                Remove the key
              </Button>
            )}
          </div>
        </form>
      </Panel>
      <Panel title="From the environment">
        <dl className="space-y-2 text-sm">
          <div>
            <dt className="text-slate-600">LLM_BASE_URL</dt>
            <dd className="font-mono break-all text-slate-900">
              {view.environment.baseUrl ?? '—'}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">LLM_MODEL</dt>
            <dd className="font-mono text-slate-900">{view.environment.model ?? '—'}</dd>
          </div>
          <div>
            <dt className="text-slate-600">LLM_API_KEY</dt>
            <dd className="text-slate-900">{view.environment.hasKey ? 'set (not shown)' : '—'}</dd>
          </div>
        </dl>
        <p className="mt-4 text-xs text-slate-600">
          The endpoint is reached through the egress policy: one on a private or loopback address
          needs EGRESS_ALLOW or the allow-list in the Database tab.
        </p>
      </Panel>
    </div>
  );
}
