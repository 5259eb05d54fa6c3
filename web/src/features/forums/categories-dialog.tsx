import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { TForumCategory } from '@stratum/core/contract/forums/forum';
import { FORUM_LIMITS } from '@stratum/core/forums/rules';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/text-field';
import { useCreateCategory, useDeleteCategory, useUpdateCategory } from './api/forums';
import { failed } from './post-card';

export interface CategoriesDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  categories: TForumCategory[];
}

/** Moderators: add categories, describe them, put them in order, delete empty ones. */
export function CategoriesDialog({ isOpen, onOpenChange, categories }: CategoriesDialogProps) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const remove = useDeleteCategory();

  const add = async () => {
    if (!name.trim()) return;
    const ok = await create
      .mutateAsync({ name, description })
      .catch(failed('The category could not be added'));
    if (ok) {
      setName('');
      setDescription('');
      toast.success('Category added');
    }
  };

  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title="Manage categories"
      className="w-[min(40rem,calc(100vw-2rem))]"
    >
      <ol className="space-y-2" aria-label="Categories in order">
        {categories.map((c, index) => (
          <li key={c.id} className="flex items-start gap-2 rounded-md border border-slate-200 p-2">
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium text-slate-900">{c.name}</p>
              <input
                aria-label={`Description of ${c.name}`}
                defaultValue={c.description}
                maxLength={FORUM_LIMITS.categoryDescription}
                className="mt-1 w-full rounded border border-transparent px-1 text-xs text-slate-700 hover:border-slate-300 focus:border-brand-600"
                onBlur={(e) => {
                  if (e.target.value !== c.description)
                    void update
                      .mutateAsync({ id: c.id, description: e.target.value })
                      .then(() => toast.success('Description saved'))
                      .catch(failed('The description could not be saved'));
                }}
              />
            </div>
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Move ${c.name} up`}
              disabled={index === 0}
              onClick={() =>
                void update
                  .mutateAsync({ id: c.id, position: index - 1 })
                  .catch(failed('Not moved'))
              }
            >
              <ArrowUp className="size-4" aria-hidden="true" />
            </Button>
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Move ${c.name} down`}
              disabled={index === categories.length - 1}
              onClick={() =>
                void update
                  .mutateAsync({ id: c.id, position: index + 1 })
                  .catch(failed('Not moved'))
              }
            >
              <ArrowDown className="size-4" aria-hidden="true" />
            </Button>
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Delete ${c.name}`}
              onClick={() =>
                void remove
                  .mutateAsync(c.id)
                  .then(() => toast.success('Category deleted'))
                  .catch(failed('The category could not be deleted'))
              }
            >
              <Trash2 className="size-4 text-red-700" aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ol>
      <div className="mt-4 space-y-2 border-t border-slate-200 pt-4">
        <TextField
          label="New category"
          value={name}
          maxLength={FORUM_LIMITS.categoryName}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          label="Description"
          value={description}
          maxLength={FORUM_LIMITS.categoryDescription}
          onChange={(e) => setDescription(e.target.value)}
        />
        <div className="flex justify-end">
          <Button isLoading={create.isPending} disabled={!name.trim()} onClick={() => void add()}>
            Add category
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
