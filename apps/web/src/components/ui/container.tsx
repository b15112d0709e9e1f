import type { ComponentPropsWithoutRef, ElementType } from 'react';
import { cx } from '@/lib/class-names';

type ContainerProps<T extends ElementType> = {
  as?: T;
} & ComponentPropsWithoutRef<T>;

/** The page frame: centred, max 80 rem wide, with responsive side padding. */
export function Container<T extends ElementType = 'div'>({ as, className, ...props }: ContainerProps<T>) {
  const Component: ElementType = as ?? 'div';
  return <Component className={cx('mx-auto w-full max-w-page px-4 sm:px-6 lg:px-8', className)} {...props} />;
}
