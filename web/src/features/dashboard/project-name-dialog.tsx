import { useState, type ReactNode } from 'react';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/text-field';

export interface ProjectNameDialogProps {
  title: string;
  submitLabel: string;
  initialName?: string;
  initialDescription?: string;
  isBusy: boolean;
  error?: ReactNode;
  onSubmit: (input: { name: string; description: string }) => void;
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
  const [name, setName] = useState(initialName);
  const [description, setDescription] = useState(initialDescription);
  const [isTouched, setIsTouched] = useState(false);
  const nameError = isTouched && name.trim() === '' ? 'Enter a project name' : undefined;
  const submit = () => {
    setIsTouched(true);
    if (name.trim() !== '') onSubmit({ name: name.trim(), description: description.trim() });
  };
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
          <Button isLoading={isBusy} onClick={submit}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextField
          label="Project name"
          value={name}
          maxLength={100}
          autoFocus
          error={nameError}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          label="Description (optional)"
          value={description}
          maxLength={500}
          onChange={(e) => setDescription(e.target.value)}
        />
        {error}
        <button type="submit" className="hidden" aria-hidden="true" tabIndex={-1} />
      </form>
    </Dialog>
  );
}
