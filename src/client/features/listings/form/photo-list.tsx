import { useEffect, useRef } from 'react';
import { cardImage } from '#client/lib/images.js';
import { checkImage, LISTING_MESSAGES, type RuleError } from './listing-rules';
import '#client/features/listings/form/photo-list.css';
import { Button } from '#client/components/ui/button.js';

/**
 * What the listing photo pickers accept: any image, so a phone offers its camera beside the
 * gallery (a list of types hides it on some phones); the type is checked on pick, and by the
 * server. No `capture`: it would take the gallery away from a seller whose photo is taken.
 */
export const PHOTO_PICKER_ACCEPT = 'image/*';

/** A photo of the form: one the listing has (`url`) or one just picked (`file`). */
export interface PhotoItem {
  key: string;
  /** What the preview shows: the stored picture, or the picked file's object URL. */
  src: string;
  /** Kept: the stored picture's URL. */
  url?: string;
  file?: File;
}

let picked = 0;
/** Photos for files just picked, each with a preview the list revokes once it is gone. */
export function pickedPhotos(files: readonly File[]): PhotoItem[] {
  return files.map((file) => ({
    key: `picked-${picked++}`,
    src: typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '',
    file,
  }));
}

const revoke = (item: PhotoItem) => {
  if (item.file && item.src && typeof URL.revokeObjectURL === 'function') {
    URL.revokeObjectURL(item.src);
  }
};

interface PhotoListProps {
  id: string;
  label: string;
  photos: readonly PhotoItem[];
  onChange: (photos: PhotoItem[]) => void;
  /** Most photos the list may hold. */
  max: number;
  /** The first photo is the listing's cover (the edit screen). */
  firstIsCover?: boolean;
  /** A picked file that breaks a rule (type, size). */
  onProblem: (problem: RuleError | null) => void;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * A listing's photos in order: move each earlier or later, remove it, add more (the camera on
 * phones). Every button names its photo; focus stays on the photo that moved.
 */
export function PhotoList({
  id,
  label,
  photos,
  onChange,
  max,
  firstIsCover = false,
  onProblem,
  invalid,
  describedBy,
}: PhotoListProps) {
  // The control to focus once the list has changed (a moved photo's button moves with it).
  const focusNext = useRef<string | null>(null);
  const latest = useRef(photos);
  useEffect(() => {
    latest.current = photos;
    if (focusNext.current) document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  }, [photos]);
  // Previews of picked files go with the form.
  useEffect(() => () => latest.current.forEach(revoke), []);

  const name = (index: number) =>
    firstIsCover && index === 0 ? 'the cover photo' : `photo ${index + 1}`;
  const move = (index: number, by: -1 | 1, action: string) => {
    const next = [...photos];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    onChange(next);
    // At either end the button is gone: focus its twin.
    const end = index + by === 0 || index + by === photos.length - 1;
    focusNext.current = `${id}-${item!.key}-${end ? (action === 'earlier' ? 'later' : 'earlier') : action}`;
  };
  const remove = (index: number) => {
    revoke(photos[index]!);
    onChange(photos.filter((_, i) => i !== index));
    focusNext.current = `${id}-add`;
  };
  const add = (files: File[]) => {
    if (files.length > max - photos.length) {
      return onProblem({ field: 'image', message: LISTING_MESSAGES.photos });
    }
    for (const file of files) {
      const problem = checkImage(file);
      if (problem) return onProblem(problem);
    }
    onProblem(null);
    onChange([...photos, ...pickedPhotos(files)]);
  };

  return (
    <fieldset className="field photo-list" aria-describedby={`${id}-hint`}>
      <legend>{label}</legend>
      {photos.length > 0 && (
        <ol className="photo-list-items">
          {photos.map((photo, index) => (
            <li key={photo.key}>
              <img
                src={photo.url ? (cardImage(photo.url) ?? photo.url) : photo.src}
                alt={`${name(index)[0]!.toUpperCase()}${name(index).slice(1)}`}
                width="80"
                height="80"
              />
              <div className="photo-list-actions">
                {index > 0 && (
                  <Button
                    id={`${id}-${photo.key}-earlier`}
                    variant="outline"
                    aria-label={`Move ${name(index)} earlier`}
                    onClick={() => move(index, -1, 'earlier')}
                  >
                    ↑
                  </Button>
                )}
                {index < photos.length - 1 && (
                  <Button
                    id={`${id}-${photo.key}-later`}
                    variant="outline"
                    aria-label={`Move ${name(index)} later`}
                    onClick={() => move(index, 1, 'later')}
                  >
                    ↓
                  </Button>
                )}
                <Button
                  variant="danger"
                  aria-label={`Remove ${name(index)}`}
                  onClick={() => remove(index)}
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <label htmlFor={`${id}-add`} className="photo-list-add">
        Add photos
      </label>
      <input
        id={`${id}-add`}
        type="file"
        multiple
        accept={PHOTO_PICKER_ACCEPT}
        disabled={photos.length >= max}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy ? `${id}-hint ${describedBy}` : `${id}-hint`}
        onChange={(e) => {
          add([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
      <span id={`${id}-hint`} className="field-hint">
        {photos.length} of {max} photos{firstIsCover ? ', the first is the cover' : ''}. JPEG, PNG,
        WebP, GIF or AVIF, 10MB or less each.
      </span>
    </fieldset>
  );
}
