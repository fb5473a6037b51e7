import { fetchOnDemand, type OnDemandPart } from '../components/on-demand';

/** For tests: the part is in before anything renders (the real component from the first render). */
export async function fetched<T>(part: OnDemandPart<T>): Promise<void> {
  await fetchOnDemand(part);
}

/**
 * For tests: the part is not fetched yet, and its fetch waits for `release()`, so a test sees the stand-in, acts on
 * it, and then lets the real component take over. `restore()` puts the part back as it was.
 */
export function heldBack<T>(part: OnDemandPart<T>) {
  const { load, loaded, pending } = part;
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  part.loaded = null;
  part.pending = null;
  part.load = () => released.then(load);
  return {
    release,
    restore: () => {
      Object.assign(part, { load, loaded, pending });
    },
  };
}
