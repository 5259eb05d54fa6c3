/** §4: a stored token that does not have three dot-separated parts is cleared at start-up. */
export function hasJwtShape(token: string | null | undefined): token is string {
  if (!token) return false;
  const parts = token.split('.');
  return parts.length === 3 && parts.every((part) => /^[A-Za-z0-9_-]+$/.test(part));
}
