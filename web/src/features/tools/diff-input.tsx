import { lineEndings, splitLines } from '@stratum/core/tools/diff/lines';
import { Eraser } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Button } from '../../components/button';
import { inputClasses } from '../../components/text-field';
import { CodeArea } from './code-area';
import { plural } from './format';
import { OpenFileButton } from './open-file-button';
import { readTextFile } from './read-text-file';

export interface DiffInputProps {
  /** "Original" or "Changed". */
  label: string;
  value: string;
  name: string;
  placeholder: string;
  onChange: (value: string) => void;
  onNameChange: (name: string) => void;
}

/** One side of the comparison: paste, open or drop a file; its name goes into the patch. */
export function DiffInput({
  label,
  value,
  name,
  placeholder,
  onChange,
  onNameChange,
}: DiffInputProps) {
  const nameId = useId();
  const [error, setError] = useState<string | null>(null);
  const info = useMemo(() => {
    const split = splitLines(value);
    const endings = lineEndings(split);
    return `${plural(split.lines.length, 'line')}${endings === 'none' ? '' : ` · ${endings}`}${split.hasFinalNewline || split.lines.length === 0 ? '' : ' · no newline at end'}`;
  }, [value]);

  const handleFile = (file: File) => {
    void readTextFile(file).then((result) => {
      if (!result.ok) {
        setError(result.message);
        return;
      }
      setError(null);
      onChange(result.text);
      onNameChange(file.name);
    });
  };

  const what = label.toLowerCase();
  return (
    <div className="min-w-0 space-y-2">
      <CodeArea
        label={label}
        value={value}
        onValueChange={(text) => {
          setError(null);
          onChange(text);
        }}
        onFile={handleFile}
        isWrapped={false}
        rows={12}
        placeholder={placeholder}
        error={error}
        hint="Paste text, open a file, or drop one here."
        actions={
          <>
            <OpenFileButton what={what} onFile={handleFile} />
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Clear ${what}`}
              disabled={value === ''}
              onClick={() => {
                onChange('');
                setError(null);
              }}
            >
              <Eraser className="size-4" aria-hidden="true" />
              Clear
            </Button>
          </>
        }
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-1 items-center gap-2">
          <label htmlFor={nameId} className="text-xs font-medium whitespace-nowrap text-slate-700">
            {label} file name
          </label>
          <input
            id={nameId}
            value={name}
            onChange={(event) => onNameChange(event.target.value)}
            className={`${inputClasses} h-8 min-w-0 flex-1 py-1 font-mono text-xs`}
            spellCheck={false}
          />
        </div>
        <span className="text-xs text-slate-600">{info}</span>
      </div>
    </div>
  );
}
