import { type CSSProperties, type ReactNode, useId } from 'react';
import alert from './plain-alert.module.css';

/**
 * Mantine's Alert as the BL list and bl_view use it (light variant, a theme colour, a title and a message), without
 * Mantine's component and stylesheet (components/plain-alert.module.css; issue 29, figure 6): the same markup, roles
 * and names (`role="alert"` unless told otherwise, labelled by its title, described by its message) and the same
 * static class names (`mantine-Alert-root`, …) for what looks them up.
 */
export function PlainAlert({
  color,
  title,
  role = 'alert',
  children,
  ...rest
}: {
  color: 'red' | 'blue' | 'orange' | 'gray';
  title?: ReactNode;
  role?: 'alert' | 'status';
  children?: ReactNode;
  'data-testid'?: string;
  'data-state'?: string;
}) {
  const id = `mantine-${useId()}`;
  const style = {
    '--alert-bg': `var(--mantine-color-${color}-light)`,
    '--alert-color': `var(--mantine-color-${color}-light-color)`,
  } as CSSProperties;
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is alert or status, both named by their title
    <div
      className={`${alert.root} mantine-Alert-root`}
      style={style}
      id={id}
      {...rest}
      role={role}
      aria-describedby={children ? `${id}-body` : undefined}
      aria-labelledby={title ? `${id}-title` : undefined}
    >
      <div className={`${alert.wrapper} mantine-Alert-wrapper`}>
        <div className={`${alert.body} mantine-Alert-body`}>
          {title && (
            <div className={`${alert.title} mantine-Alert-title`}>
              <span id={`${id}-title`} className={`${alert.label} mantine-Alert-label`}>
                {title}
              </span>
            </div>
          )}
          {children && (
            <div id={`${id}-body`} className={`${alert.message} mantine-Alert-message`}>
              {children}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
