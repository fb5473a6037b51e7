// Loaded on demand only, with the overlays (components/overlays-part.ts): the real Select that takes over from
// OnDemandSelect's stand-in. Nothing on a first load may import this module statically.
import { Select, type SelectProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { type Ref, useEffect, useRef, useState } from 'react';
import { type Handoff, useTakeFocus } from './on-demand';
import { clearLabel } from './on-demand-select';

/** Mantine's Select in the stand-in's place: its focus, its typed text (as the search) and, when pressed, open. */
export function RealSelect({
  props,
  handoff,
  typed,
}: {
  props: SelectProps & { ref?: Ref<HTMLInputElement> };
  handoff: Handoff;
  typed: string | null;
}) {
  const focusRef = useTakeFocus<HTMLInputElement>(handoff.focus, handoff.selection);
  // Text typed into the stand-in becomes the search. Mantine clears the search when it mounts (its effects run
  // before this one), so it is put back here once; from then on the search is Mantine's own to change.
  const [search, setSearch] = useState(typed ?? '');
  const handed = useRef(typed);
  useEffect(() => {
    if (handed.current !== null) setSearch(handed.current);
  }, []);
  const ref = useMergedRef(focusRef, props.ref);
  return (
    <Select
      {...props}
      clearButtonProps={{ 'aria-label': clearLabel(props), ...props.clearButtonProps }}
      ref={ref}
      defaultDropdownOpened={handoff.open}
      {...(typed === null ? {} : { searchValue: search, onSearchChange: setSearch })}
    />
  );
}
