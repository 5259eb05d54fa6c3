/** The email templates feature's query keys. */
export const TEMPLATE_KEYS = {
  all: ['admin', 'email-templates'] as const,
  preview: (id: string, draft: unknown) =>
    ['admin', 'email-templates', 'preview', id, draft] as const,
};
