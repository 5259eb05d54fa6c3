import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import {
  PRICE_IMPORT_FORMAT_INFO,
  PRICE_IMPORT_FORMATS,
  type TPriceImport,
  type TPriceImportFormat,
} from '@stratum/core/contract/admin/price-imports';
import type { TCloud } from '@stratum/core/iac/types';
import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form-message';
import { SelectField } from '../../../components/select-field';
import { importPriceList, PRICE_LIST_KEYS, type UploadProgress } from './api';
import { formatBytes } from './price-text';
import { ImportSummary } from './import-summary';

export interface ImportFormProps {
  cloud: TCloud;
}

/** "Import price list": the provider's format, the file, a progress bar, then the summary. */
export function ImportForm({ cloud }: ImportFormProps) {
  const formats = PRICE_IMPORT_FORMATS.filter((f) => PRICE_IMPORT_FORMAT_INFO[f].cloud === cloud);
  const [format, setFormat] = useState<TPriceImportFormat>(formats[0] as TPriceImportFormat);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [result, setResult] = useState<TPriceImport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const fileId = useId();
  const info = PRICE_IMPORT_FORMAT_INFO[format];
  const isBusy = progress !== null;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setError(null);
    setResult(null);
    setProgress({ sent: 0, total: file.size });
    try {
      setResult(await importPriceList(format, file, setProgress));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setProgress(null);
      await queryClient.invalidateQueries({ queryKey: PRICE_LIST_KEYS.all });
    }
  };

  const percent =
    progress && progress.total > 0 ? Math.round((progress.sent / progress.total) * 100) : 0;
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => void handleSubmit(e)}
      aria-label={`Import a price list for ${cloud}`}
    >
      <SelectField
        label="Format"
        value={format}
        onChange={(e) => setFormat(e.target.value as TPriceImportFormat)}
        options={formats.map((f) => ({ value: f, label: PRICE_IMPORT_FORMAT_INFO[f].label }))}
        hint={info.hint}
        disabled={isBusy}
      />
      <div>
        <label htmlFor={fileId} className="block text-sm font-medium text-slate-800">
          Price-list file
        </label>
        <input
          id={fileId}
          type="file"
          accept={info.accept}
          disabled={isBusy}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium"
        />
      </div>
      <Button type="submit" disabled={!file || isBusy} isLoading={isBusy}>
        Import price list
      </Button>
      {progress && (
        <div className="space-y-1">
          <div
            role="progressbar"
            aria-label="Upload and import"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 w-full overflow-hidden rounded bg-slate-200"
          >
            <div
              className="h-full bg-brand-600 transition-[width]"
              style={{ width: `${percent}%` }}
            />
          </div>
          <p className="text-xs text-slate-600" aria-live="polite">
            {percent < 100
              ? `Sent ${formatBytes(progress.sent)} of ${formatBytes(progress.total)}; the server reads it as it arrives.`
              : 'Sent: applying the prices…'}
          </p>
        </div>
      )}
      {error && <FormMessage>{error}</FormMessage>}
      {result && <ImportSummary item={result} />}
    </form>
  );
}
