import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from './api-client';

/**
 * A react-hook-form form checked by a zod schema (the contract's, or one derived from it).
 * Nothing is shown before the first submit; after it, every change re-checks the whole form,
 * so an error appears, moves or clears as soon as the values say so.
 */
export function useZodForm<TInput extends FieldValues, TOutput>(
  schema: z.ZodType<TOutput, TInput>,
  defaultValues: DefaultValues<TInput>,
): UseFormReturn<TInput, unknown, TOutput> {
  const form = useForm<TInput, unknown, TOutput>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onSubmit',
  });
  const { watch, trigger } = form;
  const isSubmitted = form.formState.isSubmitted;
  useEffect(() => {
    if (!isSubmitted) return;
    const subscription = watch(() => void trigger());
    return () => subscription.unsubscribe();
  }, [isSubmitted, watch, trigger]);
  return form;
}

/**
 * A 400 `request/invalid` whose issues name fields of this form is shown at those fields, like
 * the form's own checks; answers false (the caller toasts) when nothing could be placed.
 */
export function showServerFieldErrors<TInput extends FieldValues, TOutput>(
  form: Pick<UseFormReturn<TInput, unknown, TOutput>, 'getValues' | 'setError'>,
  error: unknown,
): boolean {
  if (!isApiError(error, 'request/invalid')) return false;
  const fields = Object.keys(form.getValues());
  const placed = error.issues.filter((issue) => fields.includes(issue.path.split('.')[0] ?? ''));
  for (const issue of placed) {
    form.setError(issue.path.split('.')[0] as Path<TInput>, { message: issue.message });
  }
  return placed.length > 0;
}
