import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

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
