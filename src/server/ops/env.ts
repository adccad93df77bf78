/** A whole number from the environment within [min, max], or the default when unset; anything else stops the start. */
export function integerFromEnv(env: NodeJS.ProcessEnv, name: string, min: number, max: number, fallback: number): number;
export function integerFromEnv(env: NodeJS.ProcessEnv, name: string, min: number, max: number): number | undefined;
export function integerFromEnv(env: NodeJS.ProcessEnv, name: string, min: number, max: number, fallback?: number): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`${name} must be a whole number from ${min} to ${max}; got "${raw}"`);
  return value;
}
