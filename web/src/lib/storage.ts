/** The local storage keys of §3 that the shell and sign-in use. */
export const STORAGE_KEYS = {
  authToken: 'auth_token',
  authUser: 'auth_user',
  currentPage: 'currentPage',
  messageSoundEnabled: 'message_sound_enabled',
} as const;

// Storage can be unavailable (privacy modes, quota); the app then simply remembers nothing.
export function readString(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeString(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // nothing to do: see above
  }
}

export function writeJson(key: string, value: unknown): void {
  writeString(key, JSON.stringify(value));
}
