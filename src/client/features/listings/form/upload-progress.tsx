/** How much of a listing's pictures has gone up ("Uploading… 40%"), under the form. */
export function UploadProgress({
  id,
  text,
  fraction,
}: {
  id: string;
  text: string;
  fraction: number;
}) {
  const percent = Math.round(fraction * 100);
  return (
    <div className="upload-progress">
      <label htmlFor={id}>
        {text} {percent}%
      </label>
      <progress id={id} max={100} value={percent} />
    </div>
  );
}
