import { useState } from 'react';
import { DELETE_CONFIRMATION_WORD } from '#shared/leaving.js';
import {
  Form,
  FormAlert,
  PasswordField,
  SubmitButton,
  TextField,
} from '#client/components/ui/fields.js';
import { useFormCheck } from '#client/components/ui/use-form-check.js';
import { useSignOut } from '#client/lib/sign-out.js';
import { useDeleteAccount } from '../api/profile-api';
import { Button } from '#client/components/ui/button.js';

const PROBLEM_ID = 'delete-problem';

/**
 * Delete account: the password and the typed word, then the account is gone and this device
 * signed out. Messages and reviews stay for the people who received them, from "Deleted user".
 */
export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [typed, setTyped] = useState('');
  const check = useFormCheck();
  const remove = useDeleteAccount();
  const signOut = useSignOut();

  const close = () => {
    setOpen(false);
    setPassword('');
    setTyped('');
    check.clear();
    remove.reset();
  };
  const submit = () => {
    const ready =
      check.require(password, 'Please enter your password.', 'delete-password') &&
      check.require(
        typed.trim() === DELETE_CONFIRMATION_WORD,
        `Type ${DELETE_CONFIRMATION_WORD} to confirm.`,
        'delete-confirm',
      );
    if (ready) remove.mutate({ password }, { onSuccess: (done) => void signOut(done.message) });
  };

  if (!open) {
    return (
      <div className="leave-part">
        <p>Deleting your account cannot be undone.</p>
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete account
        </Button>
      </div>
    );
  }
  const problem = check.problem || (remove.isError ? remove.error.message : '');
  return (
    <Form className="form card leave-part" onSubmit={submit} aria-labelledby="delete-title">
      <h3 id="delete-title">Delete account</h3>
      <p>
        Your listings come down and your name, username and e-mail are erased. Messages and reviews
        you wrote stay for the people who received them, shown as from “Deleted user”. Download your
        data first if you want to keep it.
      </p>
      <PasswordField
        id="delete-password"
        label="Password"
        autoComplete="current-password"
        invalid={problem !== '' && password === ''}
        describedBy={problem ? PROBLEM_ID : undefined}
        value={password}
        onValue={setPassword}
      />
      <TextField
        id="delete-confirm"
        label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        required
        invalid={check.problem !== '' && password !== ''}
        describedBy={problem ? PROBLEM_ID : undefined}
        value={typed}
        onValue={setTyped}
      />
      <FormAlert id={PROBLEM_ID}>{problem}</FormAlert>
      <div className="btn-row">
        <SubmitButton busy={remove.isPending} busyText="Deleting…" variant="danger">
          Delete my account
        </SubmitButton>
        <Button variant="outline" onClick={close}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
