import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '../../components/button';

export interface RowActionsProps {
  /** What the row is, for the buttons' names: `the key cost-center`. */
  label: string;
  onEdit: () => void;
  onDelete: () => void;
}

/** Edit and Delete for one key or policy the caller may change. */
export function RowActions({ label, onEdit, onDelete }: RowActionsProps) {
  return (
    <div className="flex gap-1">
      <Button variant="ghost" size="sm" aria-label={`Edit ${label}`} onClick={onEdit}>
        <Pencil className="size-4" aria-hidden="true" /> Edit
      </Button>
      <Button variant="ghost" size="sm" aria-label={`Delete ${label}`} onClick={onDelete}>
        <Trash2 className="size-4" aria-hidden="true" /> Delete
      </Button>
    </div>
  );
}
