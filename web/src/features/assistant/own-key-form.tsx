import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { deleteOwnLlmKey, saveOwnLlmKey } from '@stratum/core/contract/llm/own-key';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { callApi } from '../../lib/api-client';
import { LLM_STATUS_KEY } from './use-llm-status';

export interface OwnKeyFormProps {
  hint: string | null;
}

/** The user's own key for the instance's endpoint: write-only, shown back as its last four. */
export function OwnKeyForm({ hint }: OwnKeyFormProps) {
  const queryClient = useQueryClient();
  const [key, setKey] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: LLM_STATUS_KEY });
  const save = useMutation({
    mutationFn: () => callApi(saveOwnLlmKey, { body: { apiKey: key } }),
    onSuccess: async () => {
      setKey('');
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => callApi(deleteOwnLlmKey),
    onSuccess: refresh,
  });
  return (
    <details className="text-xs text-slate-700">
      <summary className="cursor-pointer font-medium">
        {hint ? `Your own key (${hint}) is used` : 'Use your own API key'}
      </summary>
      <form
        className="mt-2 flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <TextField
          label="API key"
          type="password"
          autoComplete="off"
          value={key}
          onChange={(event) => setKey(event.target.value)}
          className="flex-1"
          error={save.error?.message}
        />
        <Button size="sm" type="submit" disabled={key.trim().length < 8} isLoading={save.isPending}>
          Save
        </Button>
        {hint && (
          <Button size="sm" variant="ghost" type="button" onClick={() => remove.mutate()}>
            Remove
          </Button>
        )}
      </form>
      <p className="mt-1">Stored encrypted on the server and never shown again.</p>
    </details>
  );
}
