import { useState } from 'react';
import {
  MODERATION_LIMITS,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
  type ReportTarget,
} from '#shared/moderation.js';
import { SelectField, TextAreaField } from '#client/components/ui/fields.js';
import { ReadyButton } from '#client/components/ui/form-controls.js';
import { ModalForm } from '#client/components/ui/modal-form.js';
import { useFormCheck } from '#client/components/ui/use-form-check.js';
import { useReport } from '#client/lib/queries/safety.js';
import '#client/components/safety/safety.css';

interface Props {
  targetType: ReportTarget;
  targetId: number;
  /** The button's words: "Report listing", "Report user". */
  label: string;
}

const TITLES: Record<ReportTarget, string> = {
  listing: 'Report this listing',
  user: 'Report this person',
  message: 'Report this message',
};

/** A quiet "Report" button and its form; afterwards a short confirmation, nothing else. */
export function ReportButton({ targetType, targetId, label }: Props) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState('');
  return (
    <>
      <ReadyButton variant="quiet" className="report-button" onClick={() => setOpen(true)}>
        {label}
      </ReadyButton>
      {done && (
        <p className="note report-done" role="status">
          {done}
        </p>
      )}
      {open && (
        <ReportForm
          targetType={targetType}
          targetId={targetId}
          onClose={() => setOpen(false)}
          onDone={(message) => {
            setOpen(false);
            setDone(message);
          }}
        />
      )}
    </>
  );
}

function ReportForm({
  targetType,
  targetId,
  onClose,
  onDone,
}: Omit<Props, 'label'> & { onClose: () => void; onDone: (message: string) => void }) {
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [note, setNote] = useState('');
  const { problem, require } = useFormCheck();
  const report = useReport();

  const submit = () => {
    if (!require(reason, 'Please choose a reason.', 'report-reason')) return;
    report.mutate(
      { target_type: targetType, target_id: targetId, reason, note: note.trim() },
      {
        onSuccess: (created) => onDone(created.message),
        // Reported before: the answer says so, and that is all the reporter needs.
        onError: (error) => {
          if ('code' in error && error.code === 'conflict') onDone(error.message);
        },
      },
    );
  };

  return (
    <ModalForm
      title={TITLES[targetType]}
      onClose={onClose}
      onSubmit={submit}
      sending={report}
      problem={problem}
      failure="Could not send the report"
      submitLabel="Send report"
    >
      <SelectField
        id="report-reason"
        label="Reason"
        placeholder="Choose a reason"
        options={REPORT_REASONS}
        optionLabel={(r: ReportReason) => REPORT_REASON_LABELS[r]}
        value={reason}
        invalid={problem !== ''}
        onValue={(value) => setReason(value as ReportReason | '')}
      />
      <TextAreaField
        id="report-note"
        label="What happened? (optional)"
        rows={3}
        maxLength={MODERATION_LIMITS.reportNote}
        value={note}
        onValue={setNote}
      />
      <p className="note">Only moderators read reports. The person is not told who reported.</p>
    </ModalForm>
  );
}
