/** §5: "Inputs have angle brackets stripped and are trimmed." */
export function sanitizeInput(value: string): string {
  return value.replace(/[<>]/g, '').trim();
}

/** §5: "email must match a simple pattern". */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}
