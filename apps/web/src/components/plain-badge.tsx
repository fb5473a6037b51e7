import type { CSSProperties, ReactNode } from 'react';
import badge from './plain-badge.module.css';

/**
 * Mantine's filled Badge as the first loads use it, without Mantine's component (components/plain-badge.module.css):
 * `color` any CSS colour (the primary colour if left out), `radius` Mantine's `sm` corners instead of round ends.
 * `className` and `labelClassName` are the root's and the label's, as Mantine's `classNames`.
 */
export function PlainBadge({
  color,
  size,
  radius,
  circle,
  className,
  labelClassName,
  children,
  ...rest
}: {
  color?: string;
  size?: 'sm';
  radius?: 'sm';
  circle?: boolean;
  className?: string;
  labelClassName?: string;
  children: ReactNode;
  'aria-label'?: string;
  'data-testid'?: string;
  'data-count'?: boolean;
}) {
  const style = {
    ...(color ? { '--badge-bg': color } : {}),
    ...(radius ? { '--badge-radius': 'var(--mantine-radius-sm)' } : {}),
  } as CSSProperties;
  return (
    <div
      className={className ? `${badge.root} ${className}` : badge.root}
      style={style}
      data-size={size}
      data-circle={circle || undefined}
      {...rest}
    >
      <span className={labelClassName ? `${badge.label} ${labelClassName}` : badge.label}>{children}</span>
    </div>
  );
}
