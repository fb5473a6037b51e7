/** How many cells of a form hold an error (react-hook-form nests them like the values). */
export function countFieldErrors(errors: unknown): number {
  if (!errors || typeof errors !== 'object') return 0;
  if ('message' in errors && typeof (errors as { message: unknown }).message === 'string') return 1;
  return Object.values(errors).reduce<number>((sum, inner) => sum + countFieldErrors(inner), 0);
}
