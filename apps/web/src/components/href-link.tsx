import { Anchor, type AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { isPlainClick, routerWhenNeeded } from '../lib/router-when-needed';

/**
 * A link to a portal address given as text (a dashboard item's `link`, the login page's links): a real `href` (new
 * tab, copy link), followed inside the app without a reload on a plain click. It needs no router on the page: the
 * login page renders before the router is loaded (decision 034), which then comes for the click.
 */
export function HrefLink({ href, children, ...props }: AnchorProps & { href: string; children: ReactNode }) {
  return (
    <Anchor
      href={href}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        void routerWhenNeeded().then(
          (router) => router.navigate({ href }),
          () => window.location.assign(href),
        );
      }}
      {...props}
    >
      {children}
    </Anchor>
  );
}
