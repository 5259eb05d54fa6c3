import { ImageUp, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { resizeImage } from './resize-image';
import { AVATAR_SIZE_PX, AVATAR_TYPES } from './schemas';

export interface AvatarFieldProps {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** An avatar from an uploaded image (cropped to 256 px) or from an http(s) address. */
export function AvatarField({ value, error, onChange }: AvatarFieldProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const [uploadError, setUploadError] = useState<string | null>(null);
  const isUpload = value.startsWith('data:');

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!AVATAR_TYPES.includes(file.type)) {
      setUploadError('Choose a PNG, JPEG, GIF or WebP image.');
      return;
    }
    try {
      onChange(await resizeImage(file, AVATAR_SIZE_PX));
      setUploadError(null);
    } catch {
      setUploadError('That image could not be read.');
    }
  };

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-800">Avatar</legend>
      <div className="flex flex-wrap items-center gap-4">
        {value && !error ? (
          <img
            src={value}
            alt="Avatar preview"
            className="size-16 rounded-full object-cover ring-1 ring-slate-200"
          />
        ) : (
          <span className="inline-flex size-16 items-center justify-center rounded-full bg-slate-100 text-xs text-slate-600">
            None
          </span>
        )}
        <input
          ref={fileInput}
          id={fileId}
          type="file"
          accept={AVATAR_TYPES.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-label="Upload an avatar image"
          onChange={(e) => void handleFile(e)}
        />
        <Button variant="secondary" size="sm" onClick={() => fileInput.current?.click()}>
          <ImageUp className="size-4" aria-hidden="true" /> Upload image
        </Button>
        {value && (
          <Button variant="ghost" size="sm" onClick={() => onChange('')}>
            <Trash2 className="size-4" aria-hidden="true" /> Remove avatar
          </Button>
        )}
      </div>
      {uploadError && <p className="text-xs font-medium text-red-700">{uploadError}</p>}
      <TextField
        label="Or an image address"
        type="url"
        placeholder="https://…"
        value={isUpload ? '' : value}
        hint={isUpload ? 'An uploaded image is in use.' : undefined}
        error={error}
        onChange={(e) => onChange(e.target.value)}
      />
    </fieldset>
  );
}
