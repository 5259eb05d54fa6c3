import { useState } from 'react';
import type { TCluster } from '@stratum/core/contract/k8s/cluster';
import { Button } from '../../components/button';
import { FormMessage } from '../../components/form-message';
import { isApiError } from '../../lib/api-client';
import { useApplyManifests } from './api/resources';
import { ApplyResult } from './apply-result';
import { K8S_TEXT } from './texts';
import type { TApplyAnswer } from './types';
import { YamlEditor } from './yaml-view';

/** 'Apply failed (422)' and the cluster's reason, without saying the status twice. */
export function applyFailure(error: unknown): { title: string; detail: string } {
  if (!isApiError(error)) {
    return { title: 'Apply failed', detail: 'No answer from the server. Check your connection.' };
  }
  const title = K8S_TEXT.applyFailed(error.status);
  const detail = error.message.startsWith(title)
    ? error.message.slice(title.length).replace(/^[:\s]+/, '')
    : error.message;
  return { title, detail };
}

/** Server-side apply of YAML documents to the active cluster, with a dry run first. */
export function ApplyPanel({ cluster }: { cluster: TCluster }) {
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const [answer, setAnswer] = useState<TApplyAnswer | null>(null);
  const [failure, setFailure] = useState<{ title: string; detail: string } | null>(null);
  const apply = useApplyManifests();
  const [running, setRunning] = useState<'dry' | 'apply' | null>(null);

  const run = (isDryRun: boolean) => {
    if (text.trim() === '') {
      setMissing(true);
      return;
    }
    setRunning(isDryRun ? 'dry' : 'apply');
    setAnswer(null);
    setFailure(null);
    apply.mutate(
      { clusterId: cluster.id, yaml: text, isDryRun },
      {
        onSuccess: (result) => setAnswer(result.data),
        onError: (error) => setFailure(applyFailure(error)),
        onSettled: () => setRunning(null),
      },
    );
  };

  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">
        One or more YAML documents separated by <code className="font-mono">---</code>. Server-side
        apply to <strong>{cluster.name}</strong>; objects without a namespace go to{' '}
        <strong>{cluster.namespace}</strong>. Dry run checks everything and changes nothing.
      </p>
      <div className="h-[22rem] md:h-[28rem]">
        <YamlEditor
          initial=""
          label="Manifests to apply"
          onChange={(value) => {
            setText(value);
            if (missing) setMissing(false);
          }}
        />
      </div>
      {missing && (
        <p className="text-xs font-medium text-red-700">Write or paste a manifest first.</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          isLoading={running === 'dry'}
          disabled={running !== null}
          onClick={() => run(true)}
        >
          Dry run
        </Button>
        <Button
          isLoading={running === 'apply'}
          disabled={running !== null}
          onClick={() => run(false)}
        >
          Apply
        </Button>
      </div>
      {failure && (
        <FormMessage>
          <strong>{failure.title}</strong>
          {failure.detail && (
            <span className="block break-words whitespace-pre-wrap">{failure.detail}</span>
          )}
        </FormMessage>
      )}
      {answer && <ApplyResult answer={answer} />}
    </div>
  );
}
