import clsx from 'clsx';
import { FileUp } from 'lucide-react';
import { useId, useState, type DragEvent, type ReactNode } from 'react';

export interface ImportDropzoneProps {
  onFile: (file: File) => void;
  label: string;
  children?: ReactNode;
  isDisabled?: boolean;
}

/** Drop a file here, or pick one: the whole area is the target, the button is the keyboard path. */
export function ImportDropzone({
  onFile,
  label,
  children,
  isDisabled = false,
}: ImportDropzoneProps) {
  const inputId = useId();
  const [isOver, setIsOver] = useState(false);
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setIsOver(false);
    const file = e.dataTransfer.files[0];
    if (file && !isDisabled) onFile(file);
  };
  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        setIsOver(true);
      }}
      onDragLeave={() => setIsOver(false)}
      onDrop={drop}
      className={clsx(
        'rounded-lg border-2 border-dashed p-5 text-center text-sm transition-colors',
        isOver ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-white',
      )}
    >
      <label
        htmlFor={inputId}
        className={clsx(
          'inline-flex h-10 items-center gap-2 rounded-md bg-brand-600 px-4 font-medium text-white focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600 hover:bg-brand-700',
          isDisabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer',
        )}
      >
        <FileUp className="size-4" aria-hidden="true" />
        {label}
        <input
          id={inputId}
          type="file"
          disabled={isDisabled}
          accept=".tfstate,.json,.csv,application/json,text/csv"
          className="sr-only"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) onFile(file);
            e.target.value = '';
          }}
        />
      </label>
      <p className="mt-2 text-slate-600">or drop the file here (up to 50 MB).</p>
      {children}
    </div>
  );
}
