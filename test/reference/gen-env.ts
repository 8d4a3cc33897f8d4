// Shared by the print-only drivers (test/reference/*.gen.ts): their settings come from the environment.

/** The positive integer in environment variable `name`, or `fallback` when it is unset; anything else throws. */
export function envInt(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  if (!/^[1-9][0-9]*$/.test(text)) throw new Error(`${name} must be a positive integer, got "${text}"`);
  return Number(text);
}
