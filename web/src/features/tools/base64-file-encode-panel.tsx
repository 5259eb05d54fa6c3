import { encodeBase64, type Base64EncodeOptions } from '@stratum/core/tools/base64/base64';
import { toDataUrl } from '@stratum/core/tools/base64/data-url';
import { sniffFileType } from '@stratum/core/tools/base64/file-type';
import clsx from 'clsx';
import { FileUp } from 'lucide-react';
import { useMemo, useState } from 'react';
import { FormMessage } from '../../components/form-message';
import { Panel } from '../../components/panel';
import { CodeArea } from './code-area';
import { CopyButton } from './copy-button';
import { formatBytes } from './format';
import { OpenFileButton } from './open-file-button';
import { useFileDrop } from './use-file-drop';
import { isPreviewableImage, MAX_PREVIEW_BYTES } from './image-preview';

export interface FileEncodePanelProps {
  options: Base64EncodeOptions;
}

export const MAX_ENCODE_BYTES = 10 * 1024 * 1024;
/** Text areas past this size make typing sluggish; the rest is still copied. */
const SHOWN_CHARS = 200_000;

interface OpenedFile {
  name: string;
  type: string;
  bytes: Uint8Array<ArrayBuffer>;
}

function shown(text: string): string {
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text;
}

/** File → Base64 and data URL. */
export function FileEncodePanel({ options }: FileEncodePanelProps) {
  const [file, setFile] = useState<OpenedFile | null>(null);
  const [error, setError] = useState<string | null>(null);
  const handleFile = (picked: File) => {
    if (picked.size > MAX_ENCODE_BYTES) {
      setError(
        `${picked.name} is ${formatBytes(picked.size)}; files up to ${formatBytes(MAX_ENCODE_BYTES)} can be encoded here`,
      );
      return;
    }
    void picked.arrayBuffer().then((buffer) => {
      const bytes = new Uint8Array(buffer);
      setError(null);
      setFile({
        name: picked.name,
        type: picked.type || sniffFileType(bytes)?.mediaType || 'application/octet-stream',
        bytes,
      });
    });
  };
  const { isOver, dropProps } = useFileDrop(handleFile);
  const base64 = useMemo(() => (file ? encodeBase64(file.bytes, options) : ''), [file, options]);
  const dataUrl = useMemo(() => (file ? toDataUrl(file.bytes, file.type) : ''), [file]);
  const previewUrl =
    file && isPreviewableImage(file.type) && file.bytes.length <= MAX_PREVIEW_BYTES
      ? dataUrl
      : null;
  const isLong = base64.length > SHOWN_CHARS;

  return (
    <Panel title="File to Base64">
      <div className="space-y-4">
        <div
          {...dropProps}
          className={clsx(
            'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed px-4 py-6 text-center sm:flex-row sm:text-left',
            isOver ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-slate-50',
          )}
        >
          <FileUp className="size-8 shrink-0 text-slate-500" aria-hidden="true" />
          <div className="min-w-0 flex-1 text-sm text-slate-700">
            {file ? (
              <>
                <span className="block font-medium break-all text-slate-900">{file.name}</span>
                {formatBytes(file.bytes.length)} · {file.type}
              </>
            ) : (
              <>Drop a file here, or open one. Up to {formatBytes(MAX_ENCODE_BYTES)}.</>
            )}
          </div>
          <OpenFileButton what="a" onFile={handleFile} />
        </div>
        {error && <FormMessage>{error}</FormMessage>}
        {previewUrl && (
          <img
            src={previewUrl}
            alt={`Preview of ${file?.name ?? 'the file'}`}
            className="max-h-40 rounded border border-slate-200"
          />
        )}
        {file && (
          <>
            <CodeArea
              label="Base64 of the file"
              value={shown(base64)}
              readOnly
              rows={5}
              actions={<CopyButton text={base64} what="Base64 of the file" />}
              hint={`${base64.length.toLocaleString('en-US')} characters${isLong ? `; the first ${SHOWN_CHARS.toLocaleString('en-US')} are shown, Copy copies all` : ''}.`}
            />
            <CodeArea
              label="Data URL"
              value={shown(dataUrl)}
              readOnly
              rows={4}
              actions={<CopyButton text={dataUrl} what="data URL" />}
              hint="For src= in HTML or url() in CSS; always standard Base64 with padding."
            />
          </>
        )}
      </div>
    </Panel>
  );
}
