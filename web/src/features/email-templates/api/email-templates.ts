import { queryOptions } from '@tanstack/react-query';
import type { TTemplateContent } from '@stratum/core/contract/email-templates/email-template';
import { listEmailTemplates } from '@stratum/core/contract/email-templates/list-email-templates';
import {
  previewEmailTemplate,
  type TPreviewEmailTemplateBody,
} from '@stratum/core/contract/email-templates/preview-email-template';
import { resetEmailTemplate } from '@stratum/core/contract/email-templates/reset-email-template';
import { updateEmailTemplate } from '@stratum/core/contract/email-templates/update-email-template';
import { callApi } from '../../../lib/api-client';
import { AUDIT_QUERY_KEY } from '../../../lib/api/staff-keys';
import { useStaffMutation, type StaffMutationUi } from '../../../lib/api/use-staff-mutation';
import { TEMPLATE_KEYS } from './keys';

/** GET /api/admin/email-templates (staff). */
export const emailTemplatesQuery = queryOptions({
  queryKey: TEMPLATE_KEYS.all,
  queryFn: ({ signal }) => callApi(listEmailTemplates, { signal }),
});

/** POST /api/admin/email-templates/{id}/preview: a draft rendered as the mailer would. */
export const templatePreviewQuery = (id: string, draft: TPreviewEmailTemplateBody) =>
  queryOptions({
    queryKey: TEMPLATE_KEYS.preview(id, draft),
    queryFn: ({ signal }) => callApi(previewEmailTemplate, { params: { id }, body: draft, signal }),
    placeholderData: (previous) => previous,
  });

const INVALIDATE = [TEMPLATE_KEYS.all, AUDIT_QUERY_KEY];

/** PUT /api/admin/email-templates/{id} (owner, admin). */
export function useUpdateEmailTemplate(id: string, ui: StaffMutationUi<unknown, TTemplateContent>) {
  return useStaffMutation({
    ...ui,
    run: (body: TTemplateContent) => callApi(updateEmailTemplate, { params: { id }, body }),
    invalidate: INVALIDATE,
  });
}

/** POST /api/admin/email-templates/{id}/reset (owner, admin): back to the built-in default. */
export function useResetEmailTemplate(id: string, ui: StaffMutationUi<unknown, void>) {
  return useStaffMutation({
    ...ui,
    run: () => callApi(resetEmailTemplate, { params: { id } }),
    invalidate: INVALIDATE,
  });
}
