import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ZTemplateContent,
  type TEmailTemplate,
} from '@stratum/core/contract/email-templates/email-template';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Panel } from '../../components/panel';
import { TextareaField } from '../../components/textarea-field';
import { TextField } from '../../components/text-field';
import { useZodForm } from '../../lib/forms';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useStaff } from '../../lib/use-staff';
import { TemplatePreview } from './template-preview';
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
  const form = useZodForm(ZTemplateContent, {
    subject: template.subject,
    htmlContent: template.htmlContent,
    textContent: template.textContent,
  });
  const { register } = form;
  const { errors } = form.formState;
  const [subject, htmlContent, textContent] = form.watch(['subject', 'htmlContent', 'textContent']);
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
  const handleSubmit = form.handleSubmit((body) => save.mutate(body));

  return (
    <div className="grid min-w-0 gap-5 xl:grid-cols-2">
      <Panel title={`Edit “${template.name}”`} className="min-w-0">
        <form
          noValidate
          aria-label={`Template ${template.name}`}
          onSubmit={(e) => void handleSubmit(e)}
          className="space-y-4"
        >
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
            readOnly={!canEdit}
            error={errors.subject?.message}
            {...register('subject')}
          />
          <TextareaField
            label="HTML"
            rows={10}
            spellCheck={false}
            className="[&_textarea]:font-mono [&_textarea]:text-xs"
            readOnly={!canEdit}
            error={errors.htmlContent?.message}
            {...register('htmlContent')}
          />
          <TextareaField
            label="Text"
            rows={6}
            className="[&_textarea]:font-mono [&_textarea]:text-xs"
            readOnly={!canEdit}
            error={errors.textContent?.message}
            {...register('textContent')}
          />
          {canEdit && (
            <div className="flex flex-wrap gap-2">
              <Button type="submit" isLoading={save.isPending} disabled={!isDirty}>
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
        </form>
      </Panel>
      <TemplatePreview name={template.name} preview={preview} />
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
