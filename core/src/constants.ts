/** Business constants of the specification (§9). */
export const LOCKOUT_MAX_FAILURES = 5;
export const LOCKOUT_SECONDS = 300;
export const CODE_LENGTH = 6;
export const RESEND_COOLDOWN_SECONDS = 60;
export const VERIFY_TIMEOUT_MS = 3000;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MIN_SCORE = 3;
export const PASSWORD_MAX_SCORE = 5;

/** Server-side lifetimes chosen for Stratum (not in the spec; see docs/decisions). */
export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;
export const RESET_TOKEN_TTL_MINUTES = 30;
export const SESSION_TTL_DAYS = 14;
