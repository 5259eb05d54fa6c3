import { useState } from 'react';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';

export interface SnapshotFormProps {
  isTaking: boolean;
  /** Resolves when the snapshot was taken: the fields are then cleared. */
  onTake: (input: { description: string; tags: string[] }) => Promise<unknown>;
}

/** Take a manual snapshot: a description and comma-separated tags (at most 10). */
export function SnapshotForm({ isTaking, onTake }: SnapshotFormProps) {
  const [description, setDescription] = useState('');
  const [tags, setTags] = useState('');
  const take = async () => {
    const list = tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean)
      .slice(0, 10);
    await onTake({ description: description.trim(), tags: list });
    setDescription('');
    setTags('');
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        take().catch(() => undefined);
      }}
      className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
    >
      <TextField
        label="Description"
        value={description}
        maxLength={500}
        onChange={(e) => setDescription(e.target.value)}
        placeholder="Before adding the cache"
      />
      <TextField
        label="Tags"
        value={tags}
        onChange={(e) => setTags(e.target.value)}
        placeholder="v1, reviewed"
      />
      <Button type="submit" isLoading={isTaking}>
        Take snapshot
      </Button>
    </form>
  );
}
