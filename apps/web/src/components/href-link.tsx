import { Anchor, type AnchorProps } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/**
 * A link to a portal address the API handed over as text (a dashboard item's `link`): a real `href` (new tab, copy
 * link), followed inside the app without a reload on a plain click.
 */
export function HrefLink({ href, children, ...props }: AnchorProps & { href: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Anchor
      href={href}
      onClick={(event) => {
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
          return;
        event.preventDefault();
        void navigate({ href });
      }}
      {...props}
    >
      {children}
    </Anchor>
  );
}
