import {
  ZSendContactMessageBody,
  type TSendContactMessageBody,
} from '@stratum/core/contract/contact/send-contact-message';

export type ContactField = keyof TSendContactMessageBody;
export type ContactErrors = Partial<Record<ContactField, string>>;

/** The server's own schema, so the form and the route can never disagree. */
export function validateContact(values: TSendContactMessageBody): ContactErrors {
  const result = ZSendContactMessageBody.safeParse(values);
  if (result.success) return {};
  const errors: ContactErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
