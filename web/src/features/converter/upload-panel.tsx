import { FileUp } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { Button } from '../../components/button';
import { readUpload, UploadError, type TUpload } from './upload';

export interface UploadPanelProps {
  upload: TUpload | null;
  onUpload: (upload: TUpload) => void;
}

const ACCEPT = '.tf,.tfvars,.tf.json,.tfvars.json,.tfbackend,.hcl,.bicep,.bicepparam,.json,.zip';

/** Drop files or a zip here, or pick them: what the converter reads. */
export function UploadPanel({ upload, onUpload }: UploadPanelProps) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [isOver, setIsOver] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isReading, setIsReading] = useState(false);

  const read = async (list: File[]) => {
    setError(null);
    setIsReading(true);
    try {
      onUpload(await readUpload(list));
    } catch (e) {
      setError(e instanceof UploadError ? e.message : 'The files could not be read.');
    } finally {
      setIsReading(false);
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsOver(false);
    void read([...event.dataTransfer.files]);
  };

  return (
    <div>
      <div
        onDragOver={(e) => {
          if (!e.dataTransfer.types.includes('Files')) return;
          e.preventDefault();
          setIsOver(true);
        }}
        onDragLeave={() => setIsOver(false)}
        onDrop={onDrop}
        className={
          'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center ' +
          (isOver ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-slate-50')
        }
      >
        <FileUp aria-hidden className="size-6 text-slate-500" />
        <p id={hintId} className="text-sm text-slate-700">
          Drop Terraform (.tf or .tf.json, with its .tfvars and backend files), Bicep (.bicep) or
          ARM template (.json) files here, or one zip of them. Up to 5 MB.
        </p>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          isLoading={isReading}
          aria-describedby={hintId}
          onClick={() => input.current?.click()}
        >
          Choose files
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          accept={ACCEPT}
          className="sr-only"
          aria-label="Files to convert"
          tabIndex={-1}
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            if (files.length > 0) void read(files);
          }}
        />
        {upload && (
          <p className="text-xs text-slate-700" aria-live="polite">
            {upload.zipName ? `${upload.zipName}: ` : ''}
            {upload.files.length === 1 ? upload.files[0]!.path : `${upload.files.length} files`}
          </p>
        )}
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
