import { Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import type { TApiRequest } from '@stratum/core/api-client/model';
import {
  SNIPPET_TARGET_LABELS,
  SNIPPET_TARGETS,
  type TSnippetTarget,
} from '@stratum/core/contract/api-client/snippet';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { FormMessage } from '../../../components/form-message';
import { SelectField } from '../../../components/select-field';
import { isApiError } from '../../../lib/api-client';
import { useGenerateSnippet } from '../api/snippet';
import { CodeEditor, type TCodeLanguage } from '../code-editor';
import { LockedFeature } from '../plan-access';

const LANGUAGES: Record<TSnippetTarget, TCodeLanguage> = {
  curl: 'text',
  fetch: 'javascript',
  axios: 'javascript',
  'python-requests': 'text',
  go: 'text',
  csharp: 'text',
};

export interface SnippetDialogProps {
  request: TApiRequest;
  context: { environmentId?: string; collectionId?: string; itemId?: string };
  isAllowed: boolean;
  onClose: () => void;
}

/** The request as code to copy (cURL, fetch, axios, Python requests, Go, C#). */
export function SnippetDialog({ request, context, isAllowed, onClose }: SnippetDialogProps) {
  const [target, setTarget] = useState<TSnippetTarget>('curl');
  const snippet = useGenerateSnippet();
  const { mutate } = snippet;
  useEffect(() => {
    if (isAllowed) mutate({ ...context, request, target });
    // The dialog shows the request as it was when opened; a new target asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target, isAllowed]);
  const code = snippet.data?.code ?? '';
  return (
    <Dialog
      isOpen
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title="Code snippet"
      className="w-[min(48rem,calc(100vw-2rem))]"
    >
      {!isAllowed ? (
        <LockedFeature feature="api-code-snippets" />
      ) : (
        <div className="space-y-3">
          <div className="flex flex-wrap items-end gap-2">
            <SelectField
              label="Language"
              value={target}
              onChange={(e) => setTarget(e.target.value as TSnippetTarget)}
              options={SNIPPET_TARGETS.map((t) => ({ value: t, label: SNIPPET_TARGET_LABELS[t] }))}
              className="min-w-48"
            />
            <Button
              variant="secondary"
              disabled={code === ''}
              onClick={() =>
                void navigator.clipboard.writeText(code).then(
                  () => toast.success('Copied'),
                  () => toast.error('The clipboard could not be written.'),
                )
              }
            >
              <Copy className="size-4" aria-hidden="true" /> Copy
            </Button>
          </div>
          {snippet.isError && (
            <FormMessage>
              {isApiError(snippet.error) ? snippet.error.message : 'The snippet could not be made.'}
            </FormMessage>
          )}
          <CodeEditor
            label={`${SNIPPET_TARGET_LABELS[target]} snippet`}
            language={LANGUAGES[target]}
            value={snippet.isPending ? '' : code}
            className="h-80"
          />
          {snippet.data?.note && <p className="text-xs text-slate-700">{snippet.data.note}</p>}
          {snippet.data && snippet.data.placeholders.length > 0 && (
            <p className="text-xs text-slate-600">
              Left as written (secret or not defined):{' '}
              {snippet.data.placeholders.map((p) => `{{${p}}}`).join(', ')}
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}
