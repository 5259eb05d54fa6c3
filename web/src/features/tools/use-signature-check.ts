import type { DecodedJwt } from '@stratum/core/tools/jwt/decode';
import {
  verifyJwtSignature,
  type TVerifyKey,
  type VerifyResult,
} from '@stratum/core/tools/jwt/verify';
import { useEffect, useState } from 'react';

export interface SignatureCheck {
  result: VerifyResult | null;
  isChecking: boolean;
}

/** Checks the signature whenever the token or the key changes; stale answers are dropped. */
export function useSignatureCheck(jwt: DecodedJwt | null, key: TVerifyKey): SignatureCheck {
  const [state, setState] = useState<{
    jwt: DecodedJwt;
    key: TVerifyKey;
    result: VerifyResult;
  } | null>(null);
  useEffect(() => {
    if (!jwt) return;
    let isCurrent = true;
    const timer = window.setTimeout(() => {
      verifyJwtSignature(jwt, key).then(
        (result) => {
          if (isCurrent) setState({ jwt, key, result });
        },
        (error: unknown) => {
          if (isCurrent) {
            setState({
              jwt,
              key,
              result: {
                status: 'error',
                message: `The check failed: ${error instanceof Error ? error.message : String(error)}`,
              },
            });
          }
        },
      );
    }, 120);
    return () => {
      isCurrent = false;
      window.clearTimeout(timer);
    };
  }, [jwt, key]);
  if (!jwt) return { result: null, isChecking: false };
  const isFresh = state !== null && state.jwt === jwt && state.key === key;
  return { result: isFresh ? state.result : null, isChecking: !isFresh };
}
