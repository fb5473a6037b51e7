// Loaded on demand only, with the overlays (components/overlays-part.ts): the real Menu that takes over from
// OnDemandMenu's button. Nothing on a first load may import this module statically.
import { Menu, type MenuProps } from '@mantine/core';
import { cloneElement, type ReactNode, useLayoutEffect, useState } from 'react';
import { type Handoff, useTakeFocus } from './on-demand';
import type { MenuTarget } from './on-demand-menu';

/** Mantine's Menu around the stand-in's button: the button keeps its focus, and a press opens the menu at once. */
export function RealMenu({
  handoff,
  target,
  menuProps,
  dropdown,
}: {
  handoff: Handoff;
  target: MenuTarget;
  menuProps: Omit<MenuProps, 'children' | 'defaultOpened'>;
  dropdown: (menu: typeof Menu) => ReactNode;
}) {
  const focusRef = useTakeFocus<HTMLButtonElement>(handoff.focus);
  // Opened just after mounting, not mounted open: Mantine records the element to return the focus to (the button)
  // when the menu opens, not when it mounts open.
  const [opened, setOpened] = useState(false);
  useLayoutEffect(() => {
    if (handoff.open) setOpened(true);
  }, [handoff]);
  return (
    <Menu {...menuProps} opened={opened} onChange={setOpened}>
      <Menu.Target>{cloneElement(target, { ref: focusRef })}</Menu.Target>
      {dropdown(Menu)}
    </Menu>
  );
}
