import { FileUp } from 'lucide-react';
import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { toast } from 'sonner';
import { K8S_LIMITS } from '@stratum/core/contract/k8s/cluster';
import { Button } from '../../components/button';
import { TextareaField } from '../../components/textarea-field';
import { isApiError } from '../../lib/api-client';
import { usePasteKubeconfig } from './api/clusters';
import { PasteResult } from './paste-result';
import { K8S_TEXT } from './texts';
import type { TPasteAnswer } from './types';

const LIMIT_KB = Math.round(K8S_LIMITS.kubeconfigBytes / 1024);
export const KUBECONFIG_TEXT = {
  empty: 'Paste a kubeconfig, or drop its file here',
  tooLarge: `A kubeconfig is at most ${LIMIT_KB} KB`,
} as const;

/** What is wrong before anything is sent, or null. */
export function checkKubeconfig(text: string): string | null {
  if (text.trim() === '') return KUBECONFIG_TEXT.empty;
  if (new TextEncoder().encode(text).length > K8S_LIMITS.kubeconfigBytes) {
    return KUBECONFIG_TEXT.tooLarge;
  }
  return null;
}

export interface KubeconfigFormProps {
  onAdded: (answer: TPasteAnswer) => void;
}

/**
 * Paste or drop a kubeconfig; one cluster per context. The server refuses hostile fields with a
 * 400 naming the field: that goes under the field; anything else is a toast. The text is
 * cleared once stored, so credentials do not linger on screen.
 */
export function KubeconfigForm({ onAdded }: KubeconfigFormProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<TPasteAnswer | null>(null);
  const [isOver, setIsOver] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const paste = usePasteKubeconfig();

  const readFile = async (file: File) => {
    if (file.size > K8S_LIMITS.kubeconfigBytes) {
      setError(KUBECONFIG_TEXT.tooLarge);
      return;
    }
    setText(await file.text());
    setError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkKubeconfig(text);
    setError(problem);
    if (problem) return;
    setAnswer(null);
    paste.mutate(text, {
      onSuccess: (result) => {
        setText('');
        setAnswer(result);
        onAdded(result);
        const count = result.data.length;
        toast.success(count === 1 ? 'Cluster added' : `${count} clusters added`);
      },
      onError: (failure) => {
        if (isApiError(failure) && failure.status >= 400 && failure.status < 500) {
          setError(`${K8S_TEXT.uploadFailed(failure.status)}: ${failure.message}`);
        } else {
          toast.error('The kubeconfig could not be sent. Check your connection and try again.');
        }
      },
    });
  };

  const onDrop = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setIsOver(false);
    const file = event.dataTransfer.files[0];
    if (file) void readFile(file);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label="Add clusters">
      <div
        onDragOver={(event) => {
          if (!event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          setIsOver(true);
        }}
        onDragLeave={() => setIsOver(false)}
        onDrop={onDrop}
        className={isOver ? 'rounded-md outline-2 outline-offset-4 outline-brand-600' : undefined}
      >
        <TextareaField
          label="Kubeconfig"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (error) setError(null);
          }}
          error={error ?? undefined}
          spellCheck={false}
          autoComplete="off"
          rows={10}
          className="[&_textarea]:font-mono [&_textarea]:text-xs"
          placeholder={'apiVersion: v1\nkind: Config\nclusters: …'}
          hint={
            <span id={hintId}>
              YAML or JSON, up to {LIMIT_KB} KB. Each context becomes a cluster. Credentials are
              stored encrypted; exec plugins, auth providers, file paths and proxies are refused.
            </span>
          }
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isLoading={paste.isPending}>
          Add clusters
        </Button>
        <Button type="button" variant="secondary" onClick={() => fileInput.current?.click()}>
          <FileUp className="size-4" aria-hidden="true" /> Open file…
        </Button>
        <input
          ref={fileInput}
          type="file"
          className="hidden"
          aria-label="Kubeconfig file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void readFile(file);
            event.target.value = '';
          }}
        />
      </div>
      {answer && <PasteResult answer={answer} />}
    </form>
  );
}
