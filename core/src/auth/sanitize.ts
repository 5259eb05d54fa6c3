/** §5: "Inputs have angle brackets stripped and are trimmed." */
export function sanitizeInput(value: string): string {
  return value.replace(/[<>]/g, '').trim();
}

/**
 * §5: "email must match a simple pattern": local@domain.tld in what every SMTP server carries
 * (RFC 5321 dot-atom, no SMTPUTF8; domain labels not starting or ending with a hyphen). What a
 * mail address parser reads as syntax is refused: a comma would send the mail to a second
 * address, a quote or a bracket to none, and registration would fail on the mail it sends.
 */
const ATOM = "[\\w!#$%&'*+/=?^`{|}~-]+";
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
export const EMAIL_PATTERN = new RegExp(`^${ATOM}(?:\\.${ATOM})*@${LABEL}(?:\\.${LABEL})+$`);

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}
