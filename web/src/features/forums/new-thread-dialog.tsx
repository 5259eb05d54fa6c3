import { useState } from 'react';
import { toast } from 'sonner';
import type { TForumCategory } from '@stratum/core/contract/forums/forum';
import { FORUM_LIMITS } from '@stratum/core/forums/rules';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { isApiError } from '../../lib/api-client';
import { useCreateThread } from './api/forums';
import { Composer } from './composer';

export interface NewThreadDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  categories: TForumCategory[];
  defaultCategoryId: string | undefined;
  onCreated: (threadId: string) => void;
}

type Errors = Partial<Record<'categoryId' | 'title' | 'body', string>>;

/** Start a thread: category, title and a Markdown body with the server's preview. */
export function NewThreadDialog({
  isOpen,
  onOpenChange,
  categories,
  defaultCategoryId,
  onCreated,
}: NewThreadDialogProps) {
  const [categoryId, setCategoryId] = useState(defaultCategoryId ?? categories[0]?.id ?? '');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateThread();

  const submit = async () => {
    const next: Errors = {};
    if (!categoryId) next.categoryId = 'Pick a category';
    if (title.trim().length < FORUM_LIMITS.titleMin)
      next.title = `A title needs at least ${FORUM_LIMITS.titleMin} characters`;
    if (!body.trim()) next.body = 'Write something first';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      const result = await create.mutateAsync({ categoryId, title, body });
      toast.success('Thread posted');
      setTitle('');
      setBody('');
      onCreated(result.data.thread.id);
    } catch (error) {
      toast.error(isApiError(error) ? error.message : 'The thread could not be posted');
    }
  };

  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title="New thread"
      className="w-[min(44rem,calc(100vw-2rem))]"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button isLoading={create.isPending} onClick={() => void submit()}>
            Post thread
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <SelectField
          label="Category"
          value={categoryId}
          onChange={(e) => setCategoryId(e.target.value)}
          options={categories.map((c) => ({ value: c.id, label: c.name }))}
          {...(errors.categoryId && { error: errors.categoryId })}
        />
        <TextField
          label="Title"
          value={title}
          maxLength={FORUM_LIMITS.title}
          error={errors.title}
          onChange={(e) => setTitle(e.target.value)}
        />
        <Composer label="Body" value={body} onChange={setBody} error={errors.body} rows={8} />
      </div>
    </Dialog>
  );
}
