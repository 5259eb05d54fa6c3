import { useState } from 'react';
import {
  SOURCE_KINDS,
  SOURCE_MAX_BYTES,
  type TSourceKind,
} from '@stratum/core/contract/inventory/model';
import { Button } from '../../components/button';
import { FormMessage } from '../../components/form-message';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { errorText } from './error-text';
import { useImportSource } from './api/sources';
import { guessSourceKind, KIND_LABELS, nameFromFile, readHead } from './guess-kind';
import { ImportDropzone } from './import-dropzone';
import { ImportResult } from './import-result';

interface TPending {
  file: File;
  kind: TSourceKind;
  name: string;
}

const KIND_OPTIONS = SOURCE_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }));

/** Drop or pick a file, check the kind Stratum guessed and the name, import it. */
export function ImportPanel() {
  const [pending, setPending] = useState<TPending | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const importing = useImportSource();

  const choose = async (file: File) => {
    importing.reset();
    setProblem(null);
    if (file.size > SOURCE_MAX_BYTES) {
      setPending(null);
      setProblem(
        `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB: files up to 50 MB can be imported.`,
      );
      return;
    }
    const kind = guessSourceKind(file.name, await readHead(file));
    setPending({ file, kind, name: nameFromFile(file.name) });
  };

  const submit = () => {
    if (!pending) return;
    if (pending.name.trim() === '') {
      setProblem('Give the source a name.');
      return;
    }
    setProblem(null);
    setProgress(0);
    importing.mutate(
      {
        file: pending.file,
        kind: pending.kind,
        name: pending.name.trim(),
        onProgress: (p) => setProgress(p.total > 0 ? p.sent / p.total : null),
      },
      { onSettled: () => setProgress(null), onSuccess: () => setPending(null) },
    );
  };

  return (
    <div className="space-y-3">
      <ImportDropzone
        onFile={(f) => void choose(f)}
        label="Choose a file to import"
        isDisabled={importing.isPending}
      >
        {pending && (
          <form
            className="mx-auto mt-4 grid max-w-xl gap-3 text-left sm:grid-cols-2"
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <p className="text-slate-800 sm:col-span-2">
              <span className="font-medium">{pending.file.name}</span> ·{' '}
              {(pending.file.size / 1024).toLocaleString(undefined, { maximumFractionDigits: 1 })}{' '}
              KB
            </p>
            <SelectField
              label="What it is"
              options={KIND_OPTIONS}
              value={pending.kind}
              onChange={(e) => setPending({ ...pending, kind: e.target.value as TSourceKind })}
              hint="Guessed from the file; change it if the guess is wrong."
            />
            <TextField
              label="Source name"
              value={pending.name}
              maxLength={120}
              onChange={(e) => setPending({ ...pending, name: e.target.value })}
            />
            <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
              <Button type="submit" isLoading={importing.isPending}>
                Import
              </Button>
              <Button
                variant="ghost"
                onClick={() => setPending(null)}
                disabled={importing.isPending}
              >
                Cancel
              </Button>
              {progress !== null && (
                <span role="status" className="text-slate-600">
                  Sending… {Math.round(progress * 100)}%
                </span>
              )}
            </div>
          </form>
        )}
      </ImportDropzone>
      {problem && <FormMessage>{problem}</FormMessage>}
      {importing.isError && (
        <FormMessage>{errorText(importing.error, 'The file could not be imported.')}</FormMessage>
      )}
      {importing.data && (
        <ImportResult
          name={importing.variables.name}
          version={importing.data.version}
          counts={importing.data.counts}
          warnings={importing.data.warnings}
        />
      )}
    </div>
  );
}
