import type { UseQueryResult } from '@tanstack/react-query';
import type { previewEmailTemplate } from '@stratum/core/contract/email-templates/preview-email-template';
import { Panel } from '../../components/panel';
import { isApiError, type ResponseOf } from '../../lib/api-client';

export interface TemplatePreviewProps {
  /** The template's name, for the frame's title. */
  name: string;
  preview: UseQueryResult<ResponseOf<typeof previewEmailTemplate>>;
}

/** The draft as the mailer would send it: subject, HTML in a sandboxed frame, and text. */
export function TemplatePreview({ name, preview }: TemplatePreviewProps) {
  return (
    <Panel title="Preview" className="min-w-0">
      {preview.isError && (
        <p role="alert" className="text-sm text-red-700">
          {isApiError(preview.error) ? preview.error.message : 'The preview could not be rendered.'}
        </p>
      )}
      {preview.data && (
        <div className="space-y-3" aria-live="polite" aria-busy={preview.isFetching}>
          <p className="text-sm">
            <span className="text-slate-600">Subject: </span>
            <span className="font-medium text-slate-900">{preview.data.data.subject}</span>
          </p>
          <iframe
            title={`HTML preview of ${name}`}
            sandbox=""
            srcDoc={preview.data.data.html}
            className="h-80 w-full rounded-md border border-slate-200 bg-white"
          />
          <pre
            tabIndex={0}
            aria-label="Text preview"
            className="max-h-60 overflow-auto rounded-md bg-slate-50 p-3 font-mono text-xs whitespace-pre-wrap text-slate-800"
          >
            {preview.data.data.text}
          </pre>
        </div>
      )}
    </Panel>
  );
}
