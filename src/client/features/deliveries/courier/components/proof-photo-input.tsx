import { useEffect, useMemo, useState } from 'react';
import { photoBytes, type PhotoBytes } from '#shared/photo-data.js';
import { preparePhoto } from '#client/features/deliveries/courier/api/proof-photo.js';
import { Button } from '#client/components/ui/button.js';

interface ProofPhotoInputProps {
  photo: PhotoBytes | null;
  onPhoto: (photo: PhotoBytes | null) => void;
}

/**
 * The optional photo of the drop-off, straight from the phone's camera; it goes with FINISH
 * DROP OFF (and waits with it in the outbox when there is no network).
 */
export function ProofPhotoInput({ photo, onPhoto }: ProofPhotoInputProps) {
  const [reading, setReading] = useState(false);
  const preview = useMemo(
    () => (photo ? URL.createObjectURL(new Blob([photo.bytes], { type: photo.type })) : null),
    [photo],
  );
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  return (
    <div className="nav-photo">
      {preview ? (
        <>
          <img src={preview} alt="Your photo of the drop-off" className="nav-photo-preview" />
          <Button variant="outline" onClick={() => onPhoto(null)}>
            Remove photo
          </Button>
        </>
      ) : (
        <label className="btn btn-large btn-outline btn-block nav-photo-take">
          {reading ? 'Reading the photo…' : 'Take a photo of the drop-off (optional)'}
          <input
            type="file"
            accept="image/*"
            capture="environment"
            className="visually-hidden"
            onChange={async (e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              setReading(true);
              try {
                onPhoto(await photoBytes(await preparePhoto(file)));
              } finally {
                setReading(false);
              }
            }}
          />
        </label>
      )}
    </div>
  );
}
