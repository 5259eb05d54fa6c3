import type {
  TEmailTemplate,
  TTemplateId,
} from '@stratum/core/contract/email-templates/email-template';
import { DEFAULT_TEMPLATES } from '../../lib/mail/templates';
import type { TemplateRow } from './repository';

/** The template as the mailer uses it: the staff edit when there is one, else the default. */
export function presentTemplate(id: TTemplateId, edit: TemplateRow | undefined): TEmailTemplate {
  const base = DEFAULT_TEMPLATES[id];
  return {
    id,
    name: base.name,
    subject: edit?.subject ?? base.subject,
    htmlContent: edit?.html_content ?? base.htmlContent,
    textContent: edit?.text_content ?? base.textContent,
    variables: [...base.variables],
    isCustomized: edit !== undefined,
    updatedAt: edit?.updated_at.toISOString() ?? null,
    updatedBy: edit?.updated_by_email ?? null,
  };
}
