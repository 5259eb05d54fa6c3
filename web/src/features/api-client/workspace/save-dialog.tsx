import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { API_LIMITS, ZCollectionDoc, type TCollectionItem } from '@stratum/core/api-client/model';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { collectionQuery, collectionsQuery } from '../api/collections';

export interface TSaveTarget {
  name: string;
  /** An existing collection's id, or null to create one named `newCollection`. */
  collectionId: string | null;
  newCollection: string;
  folderId: string | null;
}

export interface SaveDialogProps {
  initialName: string;
  isBusy: boolean;
  onSave: (target: TSaveTarget) => void;
  onClose: () => void;
}

function folderOptions(
  items: readonly TCollectionItem[],
  depth = 0,
): { value: string; label: string }[] {
  return items.flatMap((item) =>
    item.kind === 'folder'
      ? [
          { value: item.id, label: `${'— '.repeat(depth + 1)}${item.name}` },
          ...folderOptions(item.items, depth + 1),
        ]
      : [],
  );
}

/** Where a new request goes: its name, a collection (or a new one) and a folder. */
export function SaveDialog({ initialName, isBusy, onSave, onClose }: SaveDialogProps) {
  const collections = useQuery(collectionsQuery());
  const list = collections.data ?? [];
  const [name, setName] = useState(initialName);
  const [collectionId, setCollectionId] = useState<string>('');
  const chosen = collectionId || list[0]?.id || '';
  const [newCollection, setNewCollection] = useState('My requests');
  const [folderId, setFolderId] = useState('');
  const collection = useQuery({
    ...collectionQuery(chosen),
    enabled: chosen !== '' && chosen !== 'new',
  });
  const [error, setError] = useState<string | undefined>();
  const isNew = chosen === '' || chosen === 'new';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setError('Name is required');
    if (isNew && !ZCollectionDoc.safeParse({ v: 1, name: newCollection }).success)
      return setError('The new collection needs a name');
    onSave({
      name: name.trim(),
      collectionId: isNew ? null : chosen,
      newCollection: newCollection.trim(),
      folderId: isNew || folderId === '' ? null : folderId,
    });
  };
  return (
    <Dialog isOpen onOpenChange={(isOpen) => !isOpen && onClose()} title="Save request">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <TextField
          label="Request name"
          value={name}
          maxLength={API_LIMITS.nameChars}
          error={error}
          autoFocus
          onChange={(e) => {
            setName(e.target.value);
            setError(undefined);
          }}
        />
        <SelectField
          label="Collection"
          value={isNew ? 'new' : chosen}
          onChange={(e) => {
            setCollectionId(e.target.value);
            setFolderId('');
          }}
          options={[
            ...list.map((c) => ({ value: c.id, label: c.name })),
            { value: 'new', label: 'New collection…' },
          ]}
        />
        {isNew ? (
          <TextField
            label="New collection name"
            value={newCollection}
            maxLength={API_LIMITS.nameChars}
            onChange={(e) => setNewCollection(e.target.value)}
          />
        ) : (
          <SelectField
            label="Folder"
            value={folderId}
            onChange={(e) => setFolderId(e.target.value)}
            options={[
              { value: '', label: 'Top level' },
              ...folderOptions(collection.data?.doc.items ?? []),
            ]}
          />
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isLoading={isBusy}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
