import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from '#client/components/ui/button.js';

afterEach(cleanup);

describe('Button', () => {
  it('is a plain "button" with the base style by default', () => {
    render(<Button>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.tagName).toBe('BUTTON');
    expect(button).toHaveAttribute('type', 'button');
    expect(button.className).toBe('btn');
  });

  it('writes size, variant, width and extra classes in one order', () => {
    render(
      <Button size="large" variant="outline" block className="nav-photo">
        Back
      </Button>,
    );
    expect(screen.getByRole('button', { name: 'Back' }).className).toBe(
      'btn btn-large btn-outline btn-block nav-photo',
    );
  });

  it.each([
    ['gold', 'btn btn-gold'],
    ['danger', 'btn btn-danger'],
    ['danger-solid', 'btn btn-danger-solid'],
    ['quiet', 'btn btn-quiet'],
    ['primary', 'btn'],
  ] as const)('variant %s is %s', (variant, classes) => {
    render(<Button variant={variant}>Go</Button>);
    expect(screen.getByRole('button', { name: 'Go' }).className).toBe(classes);
  });

  it('keeps a given type and forwards the other props and the ref', async () => {
    const ref = createRef<HTMLButtonElement>();
    const onClick = vi.fn();
    render(
      <Button
        ref={ref}
        type="submit"
        aria-label="Delete search"
        data-answer="yes"
        onClick={onClick}
      >
        Delete
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Delete search' });
    expect(ref.current).toBe(button);
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).toHaveAttribute('data-answer', 'yes');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('does not act when disabled', async () => {
    const onClick = vi.fn();
    render(
      <Button disabled onClick={onClick}>
        Accept
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Accept' });
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});
