import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { generateWithLlm } from '@stratum/core/contract/llm/generate';
import { getLlmStatus } from '@stratum/core/contract/llm/status';
import { prepareDesign } from '@stratum/core/iac/generate';
import type { TCloud } from '@stratum/core/iac/types';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { TextareaField } from '../../components/textarea-field';
import { callApi, isApiError } from '../../lib/api-client';

export interface GenerateDesignDialogProps {
  cloud: TCloud;
  onClose: () => void;
  /** Called with a design that validated (on the server and here again). */
  onDesign: (design: unknown) => void;
}

/** "Generate a design from a description": the assistant's design opens only when it validates. */
export function GenerateDesignDialog({ cloud, onClose, onDesign }: GenerateDesignDialogProps) {
  const [prompt, setPrompt] = useState('');
  const status = useQuery({
    queryKey: ['llm', 'status'],
    queryFn: async () => (await callApi(getLlmStatus)).data,
  });
  const generate = useMutation({
    mutationFn: async () => {
      const answer = await callApi(generateWithLlm, {
        body: { prompt, task: 'design', provider: cloud },
      });
      const design = answer.result.design;
      const checked = prepareDesign(design);
      if (!checked.ok) throw new Error(checked.issues.map((i) => i.message).join('; '));
      return design;
    },
    onSuccess: (design) => onDesign(design),
  });
  const isMissing = status.data?.configured === false;
  const issues = isApiError(generate.error) ? generate.error.issues : [];

  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title="Generate a design from a description"
      description={
        isMissing
          ? undefined
          : 'The assistant drafts a design; it opens on the board only if it validates, replacing the board (you can undo it).'
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          {!isMissing && (
            <Button
              onClick={() => generate.mutate()}
              disabled={prompt.trim() === '' || status.isPending}
              isLoading={generate.isPending}
            >
              Generate
            </Button>
          )}
        </>
      }
    >
      {isMissing ? (
        <div className="space-y-2 text-sm text-slate-800">
          <p className="font-medium">No language model is configured.</p>
          <p>
            Without one nothing is generated from a description. Start from a template in the
            toolbar, drag services onto the board, or import existing files with the{' '}
            <Link to="/converter" className="font-medium text-brand-700 underline">
              converter
            </Link>
            .
          </p>
        </div>
      ) : (
        <>
          <TextareaField
            label="Describe the architecture"
            placeholder="A web app on containers behind a load balancer, with a PostgreSQL database and a queue for background jobs."
            value={prompt}
            maxLength={8000}
            onChange={(event) => setPrompt(event.target.value)}
          />
          {generate.error && (
            <div role="alert" className="mt-3 text-sm text-red-700">
              <p>{generate.error.message}</p>
              {issues.length > 0 && (
                <ul className="mt-1 list-disc pl-5 text-xs">
                  {issues.slice(0, 8).map((issue) => (
                    <li key={`${issue.path}:${issue.message}`}>
                      {issue.path ? `${issue.path}: ` : ''}
                      {issue.message}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </>
      )}
    </Dialog>
  );
}
