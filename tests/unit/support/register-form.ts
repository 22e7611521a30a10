/** Fills the registration form as a new student would (blank values are left empty). */
import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';

export async function fillRegisterForm(
  user: ReturnType<typeof userEvent.setup>,
  values: Partial<Record<string, string>> = {},
  agree = true,
) {
  const v = {
    'First Name': 'Ana',
    'Last Name': 'Diaz',
    Username: 'ana',
    'SFSU Email': 'ana@sfsu.edu',
    Password: 'long-password',
    'Confirm Password': 'long-password',
    ...values,
  };
  for (const [label, value] of Object.entries(v)) {
    if (value) await user.type(screen.getByLabelText(label), value);
  }
  if (agree) await user.click(screen.getByRole('checkbox'));
}
