import type { ReactNode } from 'react';
import { PROJECT_LIMITS } from '@stratum/core/contract/planner/project';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/text-field';
import { useZodForm } from '../../lib/forms';
import { ZProjectNameForm, type TProjectNameInput } from './project-name-schema';

export interface ProjectNameDialogProps {
  title: string;
  submitLabel: string;
  initialName?: string;
  initialDescription?: string;
  isBusy: boolean;
  error?: ReactNode;
  onSubmit: (input: TProjectNameInput) => void;
  onClose: () => void;
}

/** Name and description of a project: creating or renaming one. */
export function ProjectNameDialog({
  title,
  submitLabel,
  initialName = '',
  initialDescription = '',
  isBusy,
  error,
  onSubmit,
  onClose,
}: ProjectNameDialogProps) {
  const { register, handleSubmit, formState } = useZodForm(ZProjectNameForm, {
    name: initialName,
    description: initialDescription,
  });
  const submit = handleSubmit(onSubmit);
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button isLoading={isBusy} onClick={() => void submit()}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form noValidate className="space-y-3" onSubmit={(e) => void submit(e)}>
        <TextField
          label="Project name"
          maxLength={PROJECT_LIMITS.name}
          autoFocus
          error={formState.errors.name?.message}
          {...register('name')}
        />
        <TextField
          label="Description (optional)"
          maxLength={PROJECT_LIMITS.description}
          error={formState.errors.description?.message}
          {...register('description')}
        />
        {error}
        <button type="submit" className="hidden" aria-hidden="true" tabIndex={-1} />
      </form>
    </Dialog>
  );
}
