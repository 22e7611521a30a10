import type { ButtonHTMLAttributes, Ref } from 'react';

/*
 * The app's one button: a native <button> with the `.btn` styles of styles/global.css.
 * 'danger-solid' is styled in dialogs/app-dialog.css and 'quiet' in safety/safety.css.
 */
export type ButtonVariant = 'primary' | 'gold' | 'outline' | 'danger' | 'danger-solid' | 'quiet';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  /** 'large': the delivery screens' size, for phones used outdoors and one-handed. */
  size?: 'normal' | 'large';
  /** As wide as its container. */
  block?: boolean;
  ref?: Ref<HTMLButtonElement>;
};

/** A button (type "button" unless told) styled by variant, size and width; `className` is added last. */
export function Button({
  variant = 'primary',
  size,
  block,
  className,
  type = 'button',
  ...props
}: ButtonProps) {
  let classes = 'btn';
  if (size === 'large') classes += ' btn-large';
  if (variant !== 'primary') classes += ' btn-' + variant;
  if (block) classes += ' btn-block';
  if (className) classes += ' ' + className;
  return <button type={type} className={classes} {...props} />;
}
