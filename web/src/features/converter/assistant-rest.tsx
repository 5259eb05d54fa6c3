import { useQuery } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import type { TConvertData } from '@stratum/core/contract/converter/convert';
import type { TConvertSource, TConvertTarget } from '@stratum/core/convert/types';
import { Button } from '../../components/button';
import { isApiError } from '../../lib/api-client';
import { llmStatusQuery, useConvertRest, type TAssistantAnswer } from './api/assistant';
import { restPrompt } from './assistant-prompt';

export interface AssistantRestProps {
  result: TConvertData;
  from: TConvertSource;
  to: TConvertTarget;
  answer: TAssistantAnswer | null;
  onAnswer: (answer: TAssistantAnswer) => void;
}

/**
 * "Convert the rest with the assistant" (issue 15 §4): only the pieces left out go to the model;
 * its files are run through the converter's validators and stay marked unvalidated until they
 * pass. Without a configured model it says so, and offers nothing invented.
 */
export function AssistantRest({ result, from, to, answer, onAnswer }: AssistantRestProps) {
  const status = useQuery(llmStatusQuery);
  const run = useConvertRest();
  if (result.unconverted.length === 0 || !status.data) return null;
  const pieces = result.unconverted.length;
  if (!status.data.configured) {
    return (
      <p className="text-sm text-slate-700">
        No language model is configured on this server, so the assistant cannot convert the{' '}
        {pieces === 1 ? 'piece' : `${pieces} pieces`} listed below; convert{' '}
        {pieces === 1 ? 'it' : 'them'} by hand.
      </p>
    );
  }
  const { prompt, included } = restPrompt(result.unconverted, from, to === 'design' ? from : to);
  const isValid = answer !== null && answer.validation.length === 0 && answer.files.length > 0;
  return (
    <div className="space-y-2 rounded-md border border-brand-100 bg-brand-50/40 p-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="secondary"
          size="sm"
          isLoading={run.isPending}
          disabled={included === 0}
          onClick={() => run.mutate(prompt, { onSuccess: onAnswer })}
        >
          <Sparkles aria-hidden className="size-4" />
          Convert the rest with the assistant
        </Button>
        <p className="text-xs text-slate-700">
          Sends only the {included === 1 ? 'piece' : `${included} pieces`} not converted
          {included < pieces
            ? ` (${pieces - included} more do not fit in one request)`
            : ''} to {status.data.model ?? 'the configured model'}.
        </p>
      </div>
      {run.isError && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {isApiError(run.error) ? run.error.message : 'The assistant did not answer.'}
        </p>
      )}
      {answer && (
        <p
          role="status"
          className={`text-sm font-medium ${isValid ? 'text-emerald-700' : 'text-amber-800'}`}
        >
          {answer.files.length === 0
            ? 'The assistant answered no files.'
            : isValid
              ? `The assistant's ${answer.files.length === 1 ? 'file' : `${answer.files.length} files`} validated (under assistant/ in the output).`
              : `The assistant's answer is unvalidated: ${answer.validation.length} ${answer.validation.length === 1 ? 'problem' : 'problems'} (under assistant-unvalidated/ in the output).`}
        </p>
      )}
    </div>
  );
}

/** Where the assistant's files sit among the outputs: marked until they validate. */
export const assistantFolder = (answer: TAssistantAnswer) =>
  answer.validation.length === 0 ? 'assistant' : 'assistant-unvalidated';
