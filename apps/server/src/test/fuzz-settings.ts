/**
 * The cases per property and the seed of a fuzz suite, from the environment: `<PREFIX>_RUNS` (else `runs`) and
 * `<PREFIX>_SEED` — unset: the suite's fixed seed, so a red CI run always means the change under test broke something
 * (never a newly drawn counter-example); a number: replays a failure; `random`: explores new cases (locally, or in a
 * scheduled deeper run).
 */
export function fuzzSettings(
  prefix: string,
  defaults: { runs: number; seed: number },
): { runs: number; seed: number | undefined } {
  const seed = process.env[`${prefix}_SEED`];
  return {
    runs: Number(process.env[`${prefix}_RUNS`] ?? defaults.runs),
    seed: seed === 'random' ? undefined : seed ? Number(seed) : defaults.seed,
  };
}
