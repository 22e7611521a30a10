/**
 * The courier's drop-off photo, made small before it is kept or sent: a phone camera's 12
 * megapixels become at most 1600 px JPEG (a few hundred kB), which a weak campus connection can
 * carry in one request and IndexedDB keeps easily. The server re-encodes it anyway (960 px WebP,
 * metadata stripped); drawing it on a canvas already drops the camera's EXIF and GPS here.
 */
export const PROOF_PHOTO_MAX_SIDE = 1600;
const JPEG_QUALITY = 0.82;

export async function preparePhoto(file: Blob): Promise<Blob> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, PROOF_PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const small = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY),
    );
    return small && small.size < file.size ? small : file;
  } catch {
    // A format the browser cannot draw (HEIC on some): the server's pipeline reads it.
    return file;
  }
}
