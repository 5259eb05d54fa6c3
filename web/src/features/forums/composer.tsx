import { useState } from 'react';
import { FORUM_LIMITS } from '@stratum/core/forums/rules';
import { Button } from '../../components/button';
import { inputClasses } from '../../components/text-field';
import { isApiError } from '../../lib/api-client';
import { previewMarkdown } from './api/forums';
import { PostHtml } from './post-html';

export interface ComposerProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  placeholder?: string;
  rows?: number;
}

/**
 * A Markdown editor with Write and Preview; the preview is the server's own rendering, so what
 * it shows is exactly what readers will see.
 */
export function Composer({ label, value, onChange, error, placeholder, rows = 6 }: ComposerProps) {
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const [preview, setPreview] = useState<{ html: string } | { error: string } | null>(null);

  const showPreview = () => {
    setMode('preview');
    setPreview(null);
    previewMarkdown(value).then(
      (html) => setPreview({ html }),
      (e: unknown) =>
        setPreview({ error: isApiError(e) ? e.message : 'The preview could not be loaded' }),
    );
  };

  return (
    <div>
      <div className="flex items-end justify-between gap-2">
        <span className="text-sm font-medium text-slate-800" id={`${label}-label`}>
          {label}
        </span>
        <div role="group" aria-label="Editor mode" className="flex gap-1">
          <Button
            size="sm"
            variant={mode === 'write' ? 'secondary' : 'ghost'}
            aria-pressed={mode === 'write'}
            onClick={() => setMode('write')}
          >
            Write
          </Button>
          <Button
            size="sm"
            variant={mode === 'preview' ? 'secondary' : 'ghost'}
            aria-pressed={mode === 'preview'}
            onClick={showPreview}
          >
            Preview
          </Button>
        </div>
      </div>
      {mode === 'write' ? (
        <textarea
          aria-label={label}
          aria-invalid={error ? true : undefined}
          className={`${inputClasses} mt-1 font-mono`}
          rows={rows}
          maxLength={FORUM_LIMITS.body}
          value={value}
          placeholder={placeholder}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <div
          aria-label="Preview"
          role="region"
          className="mt-1 min-h-24 rounded-md border border-slate-200 bg-slate-50 p-3"
        >
          {preview === null && <p className="text-sm text-slate-600">Rendering…</p>}
          {preview &&
            'html' in preview &&
            (preview.html ? (
              <PostHtml html={preview.html} />
            ) : (
              <p className="text-sm text-slate-600">Nothing to preview</p>
            ))}
          {preview && 'error' in preview && <p className="text-sm text-red-700">{preview.error}</p>}
        </div>
      )}
      <p className="mt-1 text-xs text-slate-600">
        Markdown: **bold**, *italic*, `code`, [links](https://…), lists, quotes. Mention someone
        with @name or @address.
      </p>
      {error && <p className="mt-1 text-xs font-medium text-red-700">{error}</p>}
    </div>
  );
}
