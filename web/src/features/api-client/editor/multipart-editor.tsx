import clsx from 'clsx';
import { FileUp, Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { API_LIMITS, type TMultipartPart } from '@stratum/core/api-client/model';
import { Button } from '../../../components/button';
import { formatBytes } from '../format';
import { cellInput } from './key-value-table';

export interface MultipartEditorProps {
  parts: readonly TMultipartPart[];
  onChange: (parts: TMultipartPart[]) => void;
}

/** Reads a chosen file as base64 (the request document carries its bytes). */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** multipart/form-data: text fields and files, in order. */
export function MultipartEditor({ parts, onChange }: MultipartEditorProps) {
  const patch = (index: number, part: TMultipartPart) =>
    onChange(parts.map((p, i) => (i === index ? part : p)));
  const chooseFile = async (index: number, part: TMultipartPart, file: File | undefined) => {
    if (!file) return;
    if (file.size > API_LIMITS.requestBodyBytes) {
      toast.error(`${file.name} is larger than ${formatBytes(API_LIMITS.requestBodyBytes)}.`);
      return;
    }
    const dataBase64 = await readBase64(file);
    patch(index, {
      kind: 'file',
      key: part.key,
      enabled: part.enabled,
      fileName: file.name,
      contentType: file.type || 'application/octet-stream',
      dataBase64,
    });
  };
  return (
    <div role="group" aria-label="Multipart parts" className="space-y-2">
      {parts.length === 0 && <p className="text-sm text-slate-600">No parts yet.</p>}
      <ul className="space-y-2">
        {parts.map((part, index) => {
          const n = index + 1;
          return (
            <li key={index} className="flex flex-wrap items-center gap-2">
              <input
                type="checkbox"
                checked={part.enabled}
                onChange={(e) => patch(index, { ...part, enabled: e.target.checked })}
                aria-label={`Send part ${n}`}
                className="size-4 shrink-0 accent-brand-600"
              />
              <input
                value={part.key}
                onChange={(e) => patch(index, { ...part, key: e.target.value })}
                aria-label={`Part ${n} name`}
                placeholder="Name"
                className={clsx(cellInput, 'min-w-0 flex-1 basis-32')}
              />
              {part.kind === 'text' ? (
                <input
                  value={part.value}
                  onChange={(e) => patch(index, { ...part, value: e.target.value })}
                  aria-label={`Part ${n} value`}
                  placeholder="Value"
                  className={clsx(cellInput, 'min-w-0 flex-[2] basis-48')}
                />
              ) : (
                <div className="flex min-w-0 flex-[2] basis-48 items-center gap-2">
                  <label className={clsx(buttonLike, 'cursor-pointer')}>
                    <FileUp className="size-4" aria-hidden="true" />
                    {part.fileName ? 'Replace file' : 'Choose file'}
                    <input
                      type="file"
                      aria-label={`Part ${n} file`}
                      className="sr-only"
                      onChange={(e) => void chooseFile(index, part, e.target.files?.[0])}
                    />
                  </label>
                  <span className="min-w-0 truncate text-sm text-slate-700">
                    {part.fileName
                      ? `${part.fileName} (${formatBytes(Math.floor((part.dataBase64.length * 3) / 4))})`
                      : 'No file chosen'}
                  </span>
                </div>
              )}
              <button
                type="button"
                onClick={() => onChange(parts.filter((_, i) => i !== index))}
                aria-label={`Remove part ${n}`}
                className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-red-700"
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </button>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="ghost"
          size="sm"
          disabled={parts.length >= API_LIMITS.keyValueRows}
          onClick={() => onChange([...parts, { kind: 'text', key: '', value: '', enabled: true }])}
        >
          <Plus className="size-4" aria-hidden="true" /> Add text field
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={parts.length >= API_LIMITS.keyValueRows}
          onClick={() =>
            onChange([
              ...parts,
              {
                kind: 'file',
                key: '',
                fileName: '',
                contentType: 'application/octet-stream',
                dataBase64: '',
                enabled: true,
              },
            ])
          }
        >
          <Plus className="size-4" aria-hidden="true" /> Add file
        </Button>
      </div>
    </div>
  );
}

const buttonLike =
  'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-within:outline-2 focus-within:outline-brand-600';
