import { useMutation } from '@tanstack/react-query';
import { convert, type TConvertBody } from '@stratum/core/contract/converter/convert';
import { callApi } from '../../../lib/api-client';

/** POST /api/converter/convert: the converted files, checked by the project's validators. */
export function useConvert() {
  return useMutation({
    mutationFn: (body: TConvertBody) =>
      // A large configuration parses, converts and validates in seconds, not milliseconds.
      callApi(convert, { body, timeoutMs: 120_000 }).then((r) => r.data),
  });
}
