import { useCallback, useState } from 'react';
import { session } from '../../../lib/session';
import { apiEnvironmentKey, readString, writeString } from '../../../lib/storage';

function storageKey(): string | null {
  const userId = session.getState().user?.id;
  return userId ? apiEnvironmentKey(userId) : null;
}

/** The environment whose variables requests use, remembered per user in this browser. */
export function useEnvironmentChoice() {
  const [environmentId, setEnvironmentId] = useState<string | null>(() => {
    const key = storageKey();
    return key ? readString(key) : null;
  });
  const choose = useCallback((id: string | null) => {
    setEnvironmentId(id);
    const key = storageKey();
    if (key) writeString(key, id);
  }, []);
  return { environmentId, chooseEnvironment: choose };
}
