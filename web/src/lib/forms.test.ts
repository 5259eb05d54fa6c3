import type { UseFormReturn } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { showServerFieldErrors } from './forms';

const invalid = (issues: { path: string; message: string }[]) =>
  new ApiError(400, { success: false, code: 'request/invalid', message: 'x', issues });

describe('showServerFieldErrors', () => {
  type TValues = { firstName: string; avatarUrl: string };
  const form = () => {
    const setError = vi.fn();
    const getValues = () => ({ firstName: '', avatarUrl: '' });
    return { setError, getValues } as unknown as UseFormReturn<TValues> & {
      setError: typeof setError;
    };
  };

  it('puts the server’s issues about this form’s fields at those fields', () => {
    const f = form();
    const error = invalid([{ path: 'avatarUrl', message: 'Avatar must be an http(s) address' }]);
    expect(showServerFieldErrors(f, error)).toBe(true);
    expect(f.setError).toHaveBeenCalledWith('avatarUrl', {
      message: 'Avatar must be an http(s) address',
    });
  });

  it('leaves other answers to a toast', () => {
    const f = form();
    expect(showServerFieldErrors(f, invalid([{ path: 'other', message: 'No' }]))).toBe(false);
    const locked = new ApiError(423, { success: false, code: 'auth/locked', message: 'x' });
    expect(showServerFieldErrors(f, locked)).toBe(false);
    expect(showServerFieldErrors(f, new Error('offline'))).toBe(false);
    expect(f.setError).not.toHaveBeenCalled();
  });
});
