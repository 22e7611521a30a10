import { describe, expect, it } from 'vitest';
import { registerBody } from '#shared/schemas/accounts.js';
import {
  checkRegister,
  missingFields,
  type RegisterForm,
} from '#client/features/accounts/register-rules.js';

const GOOD: RegisterForm = {
  firstName: 'Ana',
  lastName: 'Lee',
  username: 'ana_lee',
  sfsu_email: 'ana@sfsu.edu',
  password: 'campus-demo-1',
  confirmPassword: 'campus-demo-1',
  agreed: true,
};

function serverTakes(form: RegisterForm): boolean {
  const { agreed: _agreed, ...body } = form;
  return registerBody.safeParse(body).success;
}

describe('the register form and the server agree', () => {
  it('take the same complete form', () => {
    expect(serverTakes(GOOD)).toBe(true);
    expect(checkRegister(GOOD)).toEqual({ warning: undefined });
  });

  it('on blank names: spaces or (a first or last name) invisible characters only', () => {
    const blanks = ['', '  '];
    const invisible = ['\u200B', '\u200B\u202E '];
    for (const [name, values] of [
      ['firstName', [...blanks, ...invisible]],
      ['lastName', [...blanks, ...invisible]],
      ['username', blanks],
    ] as const) {
      for (const value of values) {
        const form = { ...GOOD, [name]: value };
        expect(serverTakes(form), `${name} ${JSON.stringify(value)}`).toBe(false);
        expect(checkRegister(form).error).toBe('Please fill in all fields.');
        expect(missingFields(form)).toEqual([name]);
      }
    }
  });

  it('on names with something in them', () => {
    for (const value of ['A', ' Ana ', 'Zoë']) {
      const form = { ...GOOD, firstName: value, lastName: value };
      expect(serverTakes(form)).toBe(true);
      expect(checkRegister(form).error).toBeUndefined();
    }
  });

  it('on passwords that differ, in the same words', () => {
    const form = { ...GOOD, confirmPassword: 'campus-demo-2' };
    const { agreed: _agreed, ...body } = form;
    const refused = registerBody.safeParse(body);
    expect(refused.success).toBe(false);
    const message = refused.error!.issues[0]!.message;
    expect(message).toBe("Passwords don't match");
    expect(checkRegister(form).error).toBe(message);
  });

  it('on usernames: look-alikes and invisible characters refused in the server’s words', () => {
    // Invisible characters alone are not a blank username to the server: it names them.
    for (const username of ['pаypal', 'ana\u200Blee', 'аna', '\u200B']) {
      const { agreed: _agreed, ...body } = { ...GOOD, username };
      const refused = registerBody.safeParse(body);
      expect(refused.success, username).toBe(false);
      expect(checkRegister({ ...GOOD, username }).error).toBe(refused.error!.issues[0]!.message);
    }
    for (const username of ['ana.lee', 'Ана', 'ＡＮＡ']) {
      expect(serverTakes({ ...GOOD, username }), username).toBe(true);
      expect(checkRegister({ ...GOOD, username }).error, username).toBeUndefined();
    }
  });
});
