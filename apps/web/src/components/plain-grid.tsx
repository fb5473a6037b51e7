import type { CSSProperties, ReactNode } from 'react';
import grid from './plain-grid.module.css';

type Breakpoint = 'xs' | 'sm' | 'md' | 'lg' | 'xl';
type Spacing = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | 0;

const space = (value: Spacing) => (value === 0 ? '0rem' : `var(--mantine-spacing-${value})`);

/**
 * Mantine's SimpleGrid as the first loads use it: `cols` a number or one per breakpoint (`{ base: 1, sm: 2 }`, from
 * that width up), `spacing` between columns and `verticalSpacing` between rows (Mantine's spacing names, or 0; the
 * rows take the columns' unless told), without Mantine's component (components/plain-grid.module.css).
 */
export function PlainGrid({
  cols = 1,
  spacing = 'md',
  verticalSpacing,
  children,
}: {
  cols?: number | ({ base: number } & Partial<Record<Breakpoint, number>>);
  spacing?: Spacing;
  verticalSpacing?: Spacing;
  children: ReactNode;
}) {
  const byBreakpoint: Partial<Record<Breakpoint | 'base', number>> =
    typeof cols === 'number' ? { base: cols } : cols;
  const style: Record<string, string> = {
    '--spacing-x': space(spacing),
    '--spacing-y': space(verticalSpacing ?? spacing),
  };
  const data: Record<string, string> = {};
  for (const [breakpoint, count] of Object.entries(byBreakpoint)) {
    style[`--cols-${breakpoint}`] = String(count);
    if (breakpoint !== 'base') data[`data-${breakpoint}`] = '';
  }
  return (
    <div className={grid.root} style={style as CSSProperties} {...data}>
      {children}
    </div>
  );
}
