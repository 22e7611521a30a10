import { useEffect, useRef, useState } from 'react';
import { PHOTO_PICKER_ACCEPT } from '#client/features/listings/form/photo-list.js';

interface ImageFieldProps {
  invalid: boolean;
  onChange: (file: File | null) => void;
  describedBy?: string;
}

/** The listing photo: a file picker (camera on phones) with a preview. */
export function ImageField({ invalid, onChange, describedBy }: ImageFieldProps) {
  const [preview, setPreview] = useState<string | null>(null);
  const current = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current);
    },
    [],
  );
  const pick = (file: File | null) => {
    if (current.current) URL.revokeObjectURL(current.current);
    const url =
      file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
    current.current = url;
    setPreview(url);
    onChange(file);
  };

  return (
    <div className="field image-field">
      <label htmlFor="listing-image">Image</label>
      <input
        id="listing-image"
        type="file"
        accept={PHOTO_PICKER_ACCEPT}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy ? `listing-image-hint ${describedBy}` : 'listing-image-hint'}
        onChange={(e) => pick(e.target.files?.[0] ?? null)}
      />
      <span id="listing-image-hint" className="field-hint">
        JPEG, PNG, WebP, GIF or AVIF, 10MB or less.
      </span>
      {preview && (
        <img
          className="image-preview"
          src={preview}
          alt="Preview of the chosen image"
          width="240"
          height="240"
        />
      )}
    </div>
  );
}
