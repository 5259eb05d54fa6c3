import { openSearchPanel } from '@codemirror/search';
import type { EditorView } from '@codemirror/view';
import clsx from 'clsx';
import { Download, Search } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import type { TRunResponse } from '../api/run';
import { CodeEditor } from '../code-editor';
import { formatJson } from '../editor/json-text';
import { formatBytes } from '../format';
import { bodyViewOf, decodeBase64Text, headerValue, type TBodyView } from './content-kind';
import { JsonTree } from './json-tree';

type TMode = 'pretty' | 'raw' | 'tree' | 'preview';
const MODE_LABELS: Record<TMode, string> = {
  pretty: 'Pretty',
  raw: 'Raw',
  tree: 'Tree',
  preview: 'Preview',
};

function modesOf(view: TBodyView): TMode[] {
  switch (view.kind) {
    case 'json':
      return ['pretty', 'raw', 'tree'];
    case 'html':
      return ['pretty', 'raw', 'preview'];
    case 'xml':
      return ['pretty', 'raw'];
    case 'image':
      return view.mediaType === 'image/svg+xml' ? ['preview', 'raw'] : ['preview'];
    case 'text':
      return ['raw'];
    case 'binary':
      return [];
  }
}

/** The file name the server suggested, else one from the type. */
function fileNameOf(response: TRunResponse, mediaType: string): string {
  const disposition = headerValue(response.headers, 'content-disposition');
  const named = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
  if (named) return decodeURIComponent(named);
  const ext = mediaType.split('/')[1]?.split('+')[0];
  return `response${ext && /^[a-z0-9.-]{1,10}$/.test(ext) ? `.${ext}` : '.bin'}`;
}

function download(response: TRunResponse, name: string, mediaType: string) {
  const bytes =
    response.bodyEncoding === 'base64'
      ? Uint8Array.from(atob(response.body), (c) => c.charCodeAt(0))
      : new TextEncoder().encode(response.body);
  const url = URL.createObjectURL(
    new Blob([bytes], { type: mediaType || 'application/octet-stream' }),
  );
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A response body, rendered by what it is; big ones stay fast (nothing renders off-screen). */
export function BodyViewer({ response }: { response: TRunResponse }) {
  const contentType = headerValue(response.headers, 'content-type');
  const view = useMemo(
    () => bodyViewOf(contentType, response.body, response.bodyEncoding),
    [contentType, response.body, response.bodyEncoding],
  );
  const modes = modesOf(view);
  const [chosen, setChosen] = useState<TMode | null>(null);
  const mode = chosen !== null && modes.includes(chosen) ? chosen : (modes[0] ?? null);
  const editor = useRef<EditorView | null>(null);
  const text = useMemo(() => {
    if (view.kind === 'binary' || (view.kind === 'image' && view.mediaType !== 'image/svg+xml'))
      return '';
    if (response.bodyEncoding !== 'base64') return response.body;
    try {
      return decodeBase64Text(response.body);
    } catch {
      return '';
    }
  }, [view, response.body, response.bodyEncoding]);
  const name = fileNameOf(response, view.mediaType);

  if (response.size === 0 && response.body === '') {
    return <p className="py-6 text-sm text-slate-600">The response has no body.</p>;
  }
  if (view.kind === 'binary') {
    return (
      <div className="flex flex-wrap items-center gap-3 rounded-md border border-slate-200 bg-white p-4 text-sm text-slate-700">
        <p className="min-w-0 flex-1">
          A binary body ({view.mediaType || 'unknown type'}, {formatBytes(response.size)}) is not
          shown.
        </p>
        <Button variant="secondary" onClick={() => download(response, name, view.mediaType)}>
          <Download className="size-4" aria-hidden="true" /> Download
        </Button>
      </div>
    );
  }
  const isTextMode = mode === 'pretty' || mode === 'raw';
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        {modes.length > 1 && (
          <div
            role="group"
            aria-label="Body view"
            className="inline-flex rounded-md border border-slate-300 bg-white p-0.5"
          >
            {modes.map((m) => (
              <button
                key={m}
                type="button"
                aria-pressed={mode === m}
                onClick={() => setChosen(m)}
                className={clsx(
                  'rounded px-2.5 py-1 text-xs font-medium',
                  mode === m ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100',
                )}
              >
                {MODE_LABELS[m]}
              </button>
            ))}
          </div>
        )}
        <span className="text-xs text-slate-600">{view.mediaType || 'no content type'}</span>
        <div className="ml-auto flex gap-1">
          {modes.some((m) => m === 'pretty' || m === 'raw') && (
            <Button
              variant="ghost"
              size="sm"
              aria-keyshortcuts="Control+F"
              onClick={() => {
                if (!isTextMode) setChosen(modes.includes('pretty') ? 'pretty' : 'raw');
                // The editor exists after the switch renders.
                setTimeout(() => editor.current && openSearchPanel(editor.current), 0);
              }}
            >
              <Search className="size-4" aria-hidden="true" /> Search
            </Button>
          )}
          <Button
            variant="ghost"
            size="sm"
            onClick={() => download(response, name, view.mediaType)}
          >
            <Download className="size-4" aria-hidden="true" /> Save body
          </Button>
        </div>
      </div>
      {mode === 'pretty' && (
        <PrettyText text={text} view={view} onView={(v) => (editor.current = v)} />
      )}
      {mode === 'raw' && (
        <CodeEditor
          label="Response body"
          value={text}
          isWrapped={text.length < 200_000}
          onView={(v) => (editor.current = v)}
          className="h-96"
        />
      )}
      {mode === 'tree' && <JsonBodyTree text={text} />}
      {mode === 'preview' && <Preview response={response} view={view} text={text} />}
    </div>
  );
}

function PrettyText({
  text,
  view,
  onView,
}: {
  text: string;
  view: TBodyView;
  onView: (view: EditorView | null) => void;
}) {
  const pretty = useMemo(() => {
    if (view.kind !== 'json') return text;
    try {
      const parsed: unknown = JSON.parse(text);
      // Big bodies: the engine's own printer (~4× faster); small ones keep numbers as sent.
      return text.length > 1_000_000 ? JSON.stringify(parsed, null, 2) : formatJson(text);
    } catch {
      return text;
    }
  }, [text, view.kind]);
  return (
    <CodeEditor
      label="Response body"
      language={view.language}
      value={pretty}
      isWrapped={pretty.length < 200_000}
      onView={onView}
      className="h-96"
    />
  );
}

function JsonBodyTree({ text }: { text: string }) {
  const parsed = useMemo(() => {
    try {
      return { ok: true as const, value: JSON.parse(text) as unknown };
    } catch {
      return { ok: false as const };
    }
  }, [text]);
  if (!parsed.ok) return <p className="text-sm text-slate-700">The body is not valid JSON.</p>;
  return <JsonTree value={parsed.value} />;
}

function Preview({
  response,
  view,
  text,
}: {
  response: TRunResponse;
  view: TBodyView;
  text: string;
}) {
  if (view.kind === 'image') {
    const src =
      response.bodyEncoding === 'base64'
        ? `data:${view.mediaType};base64,${response.body}`
        : `data:${view.mediaType};charset=utf-8,${encodeURIComponent(text)}`;
    return (
      <div className="flex justify-center rounded-md border border-slate-200 bg-[repeating-conic-gradient(#f1f5f9_0_25%,#fff_0_50%)] bg-[length:16px_16px] p-4">
        <img src={src} alt="Response image" className="max-h-96 max-w-full object-contain" />
      </div>
    );
  }
  return (
    <iframe
      title="Response preview"
      sandbox=""
      srcDoc={text}
      className="h-96 w-full rounded-md border border-slate-200 bg-white"
    />
  );
}
