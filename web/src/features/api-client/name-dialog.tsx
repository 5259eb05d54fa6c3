import { useState, type FormEvent } from 'react';
import { API_LIMITS } from '@stratum/core/api-client/model';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/text-field';

export interface NameDialogProps {
  title: string;
  /** The field's label, e.g. "Collection name". */
  label: string;
  initial?: string;
  confirmLabel: string;
  isBusy?: boolean;
  onSubmit: (name: string) => void;
  onClose: () => void;
}

/** Asks for a name (new collection, folder, rename). Mount it to open it. */
export function NameDialog({
  title,
  label,
  initial = '',
  confirmLabel,
  isBusy = false,
  onSubmit,
  onClose,
}: NameDialogProps) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') return setError('Name is required');
    onSubmit(trimmed);
  };
  return (
    <Dialog isOpen onOpenChange={(isOpen) => !isOpen && onClose()} title={title}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <TextField
          label={label}
          value={name}
          maxLength={API_LIMITS.nameChars}
          autoFocus
          error={error}
          onChange={(e) => {
            setName(e.target.value);
            setError(undefined);
          }}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isLoading={isBusy}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
