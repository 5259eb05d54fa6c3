import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormMessage } from '../../components/form-message';
import { TextareaField } from '../../components/textarea-field';
import { isApiError } from '../../lib/api-client';
import { useImportCollection } from './api/import';

/** Import a Postman v2.1 collection or an OpenAPI 3 document (file or pasted text). */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const [format, setFormat] = useState<'postman' | 'openapi'>('postman');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const importer = useImportCollection();
  const readFile = async (file: File | undefined) => {
    if (!file) return;
    const content = await file.text();
    setText(content);
    if (/openapi|swagger/i.test(content.slice(0, 2000)) || /\.ya?ml$/i.test(file.name))
      setFormat('openapi');
    else setFormat('postman');
  };
  const submit = () => {
    if (text.trim() === '') return setProblem('Choose a file or paste its text.');
    setProblem(null);
    importer.mutate(
      { format, text },
      {
        onSuccess: (answer) => {
          toast.success(`${answer.collection.name} imported`, {
            description:
              answer.warnings.length > 0
                ? `Not imported: ${answer.warnings.join('; ')}`
                : undefined,
          });
          onClose();
        },
        onError: (error) =>
          setProblem(
            isApiError(error)
              ? [error.message, ...error.issues.map((i) => `${i.path}: ${i.message}`)].join(' ')
              : 'The file could not be imported.',
          ),
      },
    );
  };
  return (
    <Dialog
      isOpen
      onOpenChange={(isOpen) => !isOpen && onClose()}
      title="Import a collection"
      className="w-[min(40rem,calc(100vw-2rem))]"
    >
      <div className="space-y-4">
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Format</legend>
          <div className="mt-1 flex flex-wrap gap-4 text-sm">
            <label className="inline-flex items-center gap-1.5">
              <input
                type="radio"
                name="import-format"
                checked={format === 'postman'}
                onChange={() => setFormat('postman')}
                className="accent-brand-600"
              />
              Postman collection v2.1
            </label>
            <label className="inline-flex items-center gap-1.5">
              <input
                type="radio"
                name="import-format"
                checked={format === 'openapi'}
                onChange={() => setFormat('openapi')}
                className="accent-brand-600"
              />
              OpenAPI 3 (JSON or YAML)
            </label>
          </div>
        </fieldset>
        <label className="block text-sm font-medium text-slate-800">
          File
          <input
            type="file"
            accept=".json,.yaml,.yml,application/json"
            onChange={(e) => void readFile(e.target.files?.[0])}
            className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium"
          />
        </label>
        <TextareaField
          label="Or paste the document"
          rows={8}
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="font-mono"
        />
        {problem && <FormMessage>{problem}</FormMessage>}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} isLoading={importer.isPending}>
            Import
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
