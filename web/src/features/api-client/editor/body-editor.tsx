import clsx from 'clsx';
import { Wand2 } from 'lucide-react';
import { useId, useMemo } from 'react';
import type { TBodyMode, TRequestBody } from '@stratum/core/api-client/model';
import { Button } from '../../../components/button';
import { CodeEditor, type TCodeLanguage } from '../code-editor';
import { cellInput, KeyValueTable } from './key-value-table';
import { formatJson, jsonProblem } from './json-text';
import { MultipartEditor } from './multipart-editor';

const MODES: readonly { mode: TBodyMode; label: string }[] = [
  { mode: 'none', label: 'None' },
  { mode: 'json', label: 'JSON' },
  { mode: 'form', label: 'Form URL-encoded' },
  { mode: 'multipart', label: 'Multipart form' },
  { mode: 'raw', label: 'Raw text' },
  { mode: 'graphql', label: 'GraphQL' },
];

const RAW_TYPES = [
  'text/plain',
  'application/xml',
  'text/xml',
  'text/html',
  'application/javascript',
  'text/csv',
  'application/yaml',
];

function languageOfType(contentType: string): TCodeLanguage {
  if (/xml/i.test(contentType)) return 'xml';
  if (/html/i.test(contentType)) return 'html';
  if (/javascript/i.test(contentType)) return 'javascript';
  if (/json/i.test(contentType)) return 'json';
  return 'text';
}

export interface BodyEditorProps {
  body: TRequestBody;
  onChange: (body: TRequestBody) => void;
  /** Switching keeps what each mode held (the workspace remembers it). */
  onModeChange: (mode: TBodyMode) => void;
}

/** The request body in any of its six modes. */
export function BodyEditor({ body, onChange, onModeChange }: BodyEditorProps) {
  const name = useId();
  return (
    <div className="space-y-3">
      <fieldset>
        <legend className="sr-only">Body type</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {MODES.map(({ mode, label }) => (
            <label key={mode} className="inline-flex items-center gap-1.5 text-sm text-slate-800">
              <input
                type="radio"
                name={name}
                value={mode}
                checked={body.mode === mode}
                onChange={() => onModeChange(mode)}
                className="size-4 accent-brand-600"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <ModeEditor body={body} onChange={onChange} />
    </div>
  );
}

function ModeEditor({
  body,
  onChange,
}: {
  body: TRequestBody;
  onChange: BodyEditorProps['onChange'];
}) {
  switch (body.mode) {
    case 'none':
      return <p className="text-sm text-slate-600">This request has no body.</p>;
    case 'json':
      return (
        <JsonField
          label="JSON body"
          text={body.text}
          onChange={(text) => onChange({ ...body, text })}
        />
      );
    case 'form':
      return (
        <KeyValueTable
          label="Form fields"
          noun="field"
          rows={body.fields}
          onChange={(fields) => onChange({ ...body, fields })}
        />
      );
    case 'multipart':
      return (
        <MultipartEditor parts={body.parts} onChange={(parts) => onChange({ ...body, parts })} />
      );
    case 'raw':
      return (
        <div className="space-y-2">
          <label className="flex max-w-sm items-center gap-2 text-sm font-medium text-slate-800">
            <span className="shrink-0">Content type</span>
            <input
              list="api-raw-types"
              value={body.contentType}
              onChange={(e) => onChange({ ...body, contentType: e.target.value })}
              className={cellInput}
            />
            <datalist id="api-raw-types">
              {RAW_TYPES.map((type) => (
                <option key={type} value={type} />
              ))}
            </datalist>
          </label>
          <CodeEditor
            label="Raw body"
            language={languageOfType(body.contentType)}
            value={body.text}
            onChange={(text) => onChange({ ...body, text })}
          />
        </div>
      );
    case 'graphql':
      return (
        <div className="grid gap-3 xl:grid-cols-[3fr_2fr]">
          <div className="min-w-0 space-y-1">
            <p className="text-sm font-medium text-slate-800">Query</p>
            <CodeEditor
              label="GraphQL query"
              value={body.query}
              placeholder="query { viewer { login } }"
              onChange={(query) => onChange({ ...body, query })}
            />
          </div>
          <div className="min-w-0 space-y-2">
            <JsonField
              label="GraphQL variables"
              text={body.variables}
              onChange={(variables) => onChange({ ...body, variables })}
              className="h-40"
            />
            <label className="block text-sm font-medium text-slate-800">
              Operation name
              <input
                value={body.operationName ?? ''}
                onChange={(e) => onChange({ ...body, operationName: e.target.value || undefined })}
                className={clsx(cellInput, 'mt-1')}
              />
            </label>
          </div>
        </div>
      );
  }
}

interface JsonFieldProps {
  label: string;
  text: string;
  onChange: (text: string) => void;
  className?: string;
}

/** JSON text with its validity said under it and a Format button. */
function JsonField({ label, text, onChange, className }: JsonFieldProps) {
  const problem = useMemo(() => jsonProblem(text), [text]);
  const messageId = useId();
  return (
    <div className="min-w-0 space-y-1">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-slate-800">{label}</p>
        <Button
          variant="ghost"
          size="sm"
          disabled={problem !== null || text.trim() === ''}
          onClick={() => onChange(formatJson(text))}
          aria-label={`Format ${label}`}
        >
          <Wand2 className="size-4" aria-hidden="true" /> Format
        </Button>
      </div>
      <CodeEditor
        label={label}
        language="json"
        value={text}
        onChange={onChange}
        className={className}
      />
      <p
        id={messageId}
        role="status"
        className={clsx('text-xs', problem ? 'font-medium text-red-700' : 'text-slate-600')}
      >
        {problem ? `Invalid JSON: ${problem}` : text.trim() === '' ? '' : 'Valid JSON'}
      </p>
    </div>
  );
}
