import type { MenuProps } from '@mantine/core';
import { cloneElement, type ReactElement, type ReactNode, type Ref } from 'react';
import { openerProps, useOnDemand } from './on-demand';
import { type Overlays, overlays } from './overlays';

export type MenuTarget = ReactElement<{ ref?: Ref<HTMLButtonElement> }>;
type Props = Omit<MenuProps, 'children' | 'defaultOpened'> & {
  /** The menu's button. */
  target: MenuTarget;
  /** The dropdown (`<Menu.Dropdown>`), given Mantine's Menu once it is fetched. */
  children: (Menu: Overlays['Menu']) => ReactNode;
};

const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp']);

/**
 * Mantine's Menu, fetched with the other overlays on the first interaction (components/on-demand.ts). Until then the
 * menu is its button alone, marked as opening a menu; a press or an arrow key opens the real menu as soon as it is in
 * (its first item focused), and a button that had the focus keeps it.
 */
export function OnDemandMenu({ target, children, ...menuProps }: Props) {
  const part = useOnDemand<Overlays, HTMLButtonElement>(overlays);
  const { real, handoff, request } = part;
  if (real)
    return <real.RealMenu handoff={handoff} target={target} menuProps={menuProps} dropdown={children} />;
  return cloneElement(target as ReactElement<Record<string, unknown>>, {
    ...openerProps(part, 'menu'),
    onKeyDown: (event: { key: string }) => {
      if (OPENING_KEYS.has(event.key)) request(true);
    },
  });
}
