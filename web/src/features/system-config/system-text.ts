/** Where mail goes now, in words. */
export const TRANSPORT_LABELS = {
  saved: 'the saved configuration below',
  environment: 'the server’s SMTP_URL setting',
  outbox: 'the outbox folder on the server (nothing is delivered)',
} as const;
