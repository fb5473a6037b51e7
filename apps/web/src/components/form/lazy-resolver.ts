import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form's resolver (zodResolver over the contract's schema, as everywhere) fetched on demand: the page's first load
 * carries neither the schema nor zod. `preload` starts the fetch (call it when the user reaches the form: focus,
 * pointer down); the first validation waits for it if it has not finished. A failed fetch is retried on the next
 * validation.
 */
export function lazyResolver<Values extends FieldValues>(
  load: () => Promise<Resolver<Values>>,
): Resolver<Values> & { preload: () => void } {
  let loading: Promise<Resolver<Values>> | undefined;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const resolver: Resolver<Values> = async (values, context, options) =>
    (await get())(values, context, options);
  return Object.assign(resolver, {
    preload: () => {
      void get().catch(() => {});
    },
  });
}
