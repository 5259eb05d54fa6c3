import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TEmailTemplate } from '@stratum/core/contract/email-templates/email-template';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Panel } from '../../components/panel';
import { TextareaField } from '../../components/textarea-field';
import { TextField } from '../../components/text-field';
import { isApiError } from '../../lib/api-client';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useStaff } from '../../lib/use-staff';
import {
  templatePreviewQuery,
  useResetEmailTemplate,
  useUpdateEmailTemplate,
} from './api/email-templates';

export interface EmailTemplateEditorProps {
  template: TEmailTemplate;
}

/** Subject, HTML and text with their `{{variables}}`, and the mail as it would be sent. */
export function EmailTemplateEditor({ template }: EmailTemplateEditorProps) {
  const { can } = useStaff();
  const canEdit = can('templates.manage');
  const [subject, setSubject] = useState(template.subject);
  const [htmlContent, setHtml] = useState(template.htmlContent);
  const [textContent, setText] = useState(template.textContent);
  const [isResetOpen, setIsResetOpen] = useState(false);
  const draft = useDebouncedValue({ subject, htmlContent, textContent }, 400);
  const preview = useQuery(templatePreviewQuery(template.id, draft));
  const save = useUpdateEmailTemplate(template.id, {
    success: 'Template saved',
    failure: 'The template could not be saved',
  });
  const reset = useResetEmailTemplate(template.id, {
    success: 'Template reset to the default',
    failure: 'The template could not be reset',
    onDone: () => setIsResetOpen(false),
  });
  const isDirty =
    subject !== template.subject ||
    htmlContent !== template.htmlContent ||
    textContent !== template.textContent;

  return (
    <div className="grid min-w-0 gap-5 xl:grid-cols-2">
      <Panel title={`Edit “${template.name}”`} className="min-w-0">
        <div className="space-y-4">
          <p className="text-xs text-slate-600">
            Variables:{' '}
            {template.variables.map((v) => (
              <code key={v} className="mr-1 rounded bg-slate-100 px-1 py-0.5 text-slate-800">
                {`{{${v}}}`}
              </code>
            ))}
          </p>
          <TextField
            label="Subject"
            value={subject}
            readOnly={!canEdit}
            onChange={(e) => setSubject(e.target.value)}
          />
          <TextareaField
            label="HTML"
            rows={10}
            spellCheck={false}
            className="[&_textarea]:font-mono [&_textarea]:text-xs"
            value={htmlContent}
            readOnly={!canEdit}
            onChange={(e) => setHtml(e.target.value)}
          />
          <TextareaField
            label="Text"
            rows={6}
            className="[&_textarea]:font-mono [&_textarea]:text-xs"
            value={textContent}
            readOnly={!canEdit}
            onChange={(e) => setText(e.target.value)}
          />
          {canEdit && (
            <div className="flex flex-wrap gap-2">
              <Button
                isLoading={save.isPending}
                disabled={!isDirty}
                onClick={() => save.mutate({ subject, htmlContent, textContent })}
              >
                Save template
              </Button>
              <Button
                variant="secondary"
                disabled={!template.isCustomized}
                onClick={() => setIsResetOpen(true)}
              >
                Reset to default
              </Button>
            </div>
          )}
        </div>
      </Panel>
      <Panel title="Preview" className="min-w-0">
        {preview.isError && (
          <p role="alert" className="text-sm text-red-700">
            {isApiError(preview.error)
              ? preview.error.message
              : 'The preview could not be rendered.'}
          </p>
        )}
        {preview.data && (
          <div className="space-y-3" aria-live="polite" aria-busy={preview.isFetching}>
            <p className="text-sm">
              <span className="text-slate-600">Subject: </span>
              <span className="font-medium text-slate-900">{preview.data.data.subject}</span>
            </p>
            <iframe
              title={`HTML preview of ${template.name}`}
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
      <ConfirmDialog
        isOpen={isResetOpen}
        onOpenChange={setIsResetOpen}
        title={`Reset “${template.name}”?`}
        description="The edited subject, HTML and text are replaced by the built-in default."
        confirmLabel="Reset template"
        isDanger
        isBusy={reset.isPending}
        onConfirm={() => reset.mutate()}
      />
    </div>
  );
}
