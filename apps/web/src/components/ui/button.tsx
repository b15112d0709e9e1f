import type { ComponentPropsWithRef } from 'react';
import { buttonStyles, type ButtonSize, type ButtonVariant } from './button-styles';

export type ButtonProps = ComponentPropsWithRef<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
};

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonStyles({ variant, size, className })} {...props} />;
}
