import clsx from 'clsx';
import { Send, Square } from 'lucide-react';
import { useId, useRef, type ClipboardEvent } from 'react';
import { HTTP_METHODS } from '@stratum/core/api-client/model';
import { variablesIn } from '@stratum/core/api-client/variables';
import { Button } from '../../../components/button';
import { variableSpans, type TVariableLookup } from './variable-spans';

export const METHOD_COLOURS: Record<string, string> = {
  GET: 'text-green-800',
  POST: 'text-amber-800',
  PUT: 'text-blue-800',
  PATCH: 'text-purple-800',
  DELETE: 'text-red-700',
  HEAD: 'text-slate-700',
  OPTIONS: 'text-slate-700',
};

const isCurl = (text: string) => /^\s*curl\s/i.test(text);

export interface UrlBarProps {
  method: string;
  url: string;
  lookup: TVariableLookup;
  isRunning: boolean;
  onMethodChange: (method: string) => void;
  onUrlChange: (url: string) => void;
  onSend: () => void;
  onCancel: () => void;
  /** A cURL command was pasted (or typed and Enter pressed) into the URL field. */
  onCurl: (command: string) => void;
}

/**
 * Method, URL and Send. `{{variables}}` in the URL are marked (resolved green, secret blue,
 * missing red) by a layer drawn behind the transparent-backed input, in the same font.
 */
export function UrlBar({
  method,
  url,
  lookup,
  isRunning,
  onMethodChange,
  onUrlChange,
  onSend,
  onCancel,
  onCurl,
}: UrlBarProps) {
  const backdrop = useRef<HTMLDivElement>(null);
  const summaryId = useId();
  const names = variablesIn(url);
  const methods: readonly string[] = HTTP_METHODS.includes(method as (typeof HTTP_METHODS)[number])
    ? HTTP_METHODS
    : [...HTTP_METHODS, method];
  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    if (!isCurl(text)) return;
    event.preventDefault();
    onCurl(text.trim());
  };
  const syncScroll = (input: HTMLInputElement) => {
    if (backdrop.current) backdrop.current.scrollLeft = input.scrollLeft;
  };
  return (
    <div className="space-y-1.5">
      <div className="flex flex-wrap gap-2 sm:flex-nowrap">
        <select
          aria-label="Method"
          value={method}
          onChange={(e) => onMethodChange(e.target.value)}
          className={clsx(
            'h-10 w-28 shrink-0 rounded-md border border-slate-300 bg-white px-2 font-mono text-sm font-semibold shadow-xs',
            METHOD_COLOURS[method] ?? 'text-slate-800',
          )}
        >
          {methods.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
        <div className="relative order-last min-w-0 basis-full sm:order-none sm:flex-1 sm:basis-auto">
          <div
            ref={backdrop}
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 overflow-hidden rounded-md border border-transparent bg-white px-3 py-2 font-mono text-sm leading-6 whitespace-pre text-transparent"
          >
            {variableSpans(url).map((span, i) =>
              span.kind === 'text' ? (
                <span key={i}>{span.text}</span>
              ) : (
                <mark
                  key={i}
                  className={clsx('rounded-sm text-transparent', markBg(lookup(span.name).state))}
                >
                  {span.text}
                </mark>
              ),
            )}
          </div>
          <input
            aria-label="Request URL"
            aria-describedby={names.length > 0 ? summaryId : undefined}
            value={url}
            placeholder="https://api.example.com/users or paste a cURL command"
            spellCheck={false}
            autoComplete="off"
            onChange={(e) => {
              onUrlChange(e.target.value);
              syncScroll(e.target);
            }}
            onScroll={(e) => syncScroll(e.currentTarget)}
            onSelect={(e) => syncScroll(e.currentTarget)}
            onPaste={handlePaste}
            onKeyDown={(e) => {
              if (e.key !== 'Enter' || e.ctrlKey || e.metaKey) return;
              e.preventDefault();
              if (isCurl(url)) onCurl(url.trim());
              else onSend();
            }}
            className="relative block h-10 w-full rounded-md border border-slate-300 bg-transparent px-3 py-2 font-mono text-sm leading-6 text-slate-900 shadow-xs placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600"
          />
        </div>
        {isRunning ? (
          <Button variant="secondary" aria-label="Cancel request" onClick={onCancel}>
            <Square className="size-4" aria-hidden="true" /> Cancel
          </Button>
        ) : (
          <Button
            onClick={onSend}
            aria-keyshortcuts="Control+Enter"
            className="flex-1 sm:flex-none"
          >
            <Send className="size-4" aria-hidden="true" /> Send
          </Button>
        )}
      </div>
      {names.length > 0 && (
        <p id={summaryId} className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-700">
          {names.map((name) => {
            const status = lookup(name);
            return (
              <span key={name} className="inline-flex min-w-0 items-center gap-1">
                <code className={clsx('rounded-sm px-1 font-mono', markTone(status.state))}>
                  {`{{${name}}}`}
                </code>
                <span className="truncate">
                  {status.state === 'resolved'
                    ? `= ${status.value || '(empty)'} (${status.source})`
                    : status.state === 'secret'
                      ? `secret (${status.source})`
                      : 'missing'}
                </span>
              </span>
            );
          })}
        </p>
      )}
    </div>
  );
}

function markBg(state: 'resolved' | 'secret' | 'missing'): string {
  if (state === 'resolved') return 'bg-green-100';
  if (state === 'secret') return 'bg-blue-100';
  return 'bg-red-100';
}

function markTone(state: 'resolved' | 'secret' | 'missing'): string {
  if (state === 'resolved') return 'bg-green-100 text-green-900';
  if (state === 'secret') return 'bg-blue-100 text-blue-900';
  return 'bg-red-100 text-red-900';
}
