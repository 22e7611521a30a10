import { MutationButton } from '#client/components/ui/fields.js';
import { useDownloadData } from '../api/profile-api';

/** Download my data: everything the account holds, as one JSON file. */
export function DownloadData() {
  const download = useDownloadData();
  return (
    <div className="leave-part">
      <p>
        Your profile, listings, messages, reviews, delivery requests and deliveries, as one JSON
        file you can keep or take elsewhere.
      </p>
      <MutationButton mutation={download} busyText="Preparing your data…">
        Download my data
      </MutationButton>
      {download.isError && (
        <p className="form-error" role="alert">
          {download.error.message}
        </p>
      )}
      {download.isSuccess && (
        <p className="form-success" role="status">
          Your data is downloaded.
        </p>
      )}
    </div>
  );
}
